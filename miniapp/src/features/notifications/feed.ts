import type { Schemas } from '@/lib/api-types'

export type Notification = Schemas['Notification']
export type FeedPage = Schemas['FeedPage']

/** Spec section 4, "Notifications": unread is state 1, read is 2. */
export const STATE_UNREAD = 1
export const STATE_READ = 2

/**
 * A feed page after a pushed new item (spec section 4): first in the list and the unread count up by
 * one. A page-size window keeps the list as long as it was; an item already held changes nothing.
 */
export function withNewItem(page: FeedPage | undefined, item: Notification): FeedPage | undefined {
  if (!page || page.data.some((held) => held.id === item.id)) return page
  const data = [item, ...page.data].slice(0, Math.max(page.meta.perPage, 1))
  const unread = item.state === STATE_UNREAD ? 1 : 0
  return {
    data,
    meta: { ...page.meta, totalRows: page.meta.totalRows + 1, totalUnread: page.meta.totalUnread + unread },
  }
}

/**
 * A feed page with some items read at once (before the platform answers): each becomes state 2 with
 * `readAt`, and the unread count falls by the number that were unread, never below 0. Items outside
 * this page may be among them, so the platform's own count replaces this one when it answers.
 */
export function withRead(page: FeedPage | undefined, ids: readonly number[] | 'all', readAt: string): FeedPage | undefined {
  if (!page) return page
  const reads = (item: Notification) => item.state === STATE_UNREAD && (ids === 'all' || ids.includes(item.id))
  const newlyRead = page.data.filter(reads).length
  return {
    data: page.data.map((item) => (reads(item) ? { ...item, state: STATE_READ, readAt } : item)),
    meta: { ...page.meta, totalUnread: ids === 'all' ? 0 : Math.max(0, page.meta.totalUnread - newlyRead) },
  }
}

/** The platform's unread count after a change it made. */
export function withUnread(page: FeedPage | undefined, totalUnread: number): FeedPage | undefined {
  return page ? { ...page, meta: { ...page.meta, totalUnread } } : page
}
