import { describe, expect, it } from 'vitest'

import {
  type FeedPage,
  type Notification,
  STATE_READ,
  STATE_UNREAD,
  withNewItem,
  withRead,
  withUnread,
} from '@/features/notifications/feed'

const item = (id: number, state = STATE_UNREAD): Notification => ({
  id,
  state,
  kind: 'deposit',
  content: { title: `Message ${String(id)}`, body: '' },
  createdAt: '2026-01-01T00:00:00Z',
})

const page = (items: Notification[], totalUnread: number, perPage = 20): FeedPage => ({
  data: items,
  meta: { page: 1, perPage, totalPages: 1, totalRows: items.length, totalUnread },
})

describe('unread arithmetic', () => {
  it('a new message goes first and raises unread by one', () => {
    const next = withNewItem(page([item(1)], 1), item(2))
    expect(next?.data.map((held) => held.id)).toEqual([2, 1])
    expect(next?.meta.totalUnread).toBe(2)
    expect(next?.meta.totalRows).toBe(2)
  })

  it('a message already held changes nothing; the page keeps its size', () => {
    const held = page([item(1)], 1)
    expect(withNewItem(held, item(1))).toBe(held)
    expect(withNewItem(page([item(1), item(2)], 2, 2), item(3))?.data.map((kept) => kept.id)).toEqual([3, 1])
  })

  it('reading lowers unread by those that were unread, sets readAt and state 2', () => {
    const next = withRead(page([item(1), item(2), item(3, STATE_READ)], 5), [1, 3], 'now')
    expect(next?.meta.totalUnread).toBe(4)
    expect(next?.data[0]).toMatchObject({ state: STATE_READ, readAt: 'now' })
    expect(next?.data[1]?.state).toBe(STATE_UNREAD)
  })

  it('never falls below zero; all read is zero; the platform count wins', () => {
    expect(withRead(page([item(1)], 0), [1], 'now')?.meta.totalUnread).toBe(0)
    expect(withRead(page([item(1), item(2)], 9), 'all', 'now')?.meta.totalUnread).toBe(0)
    expect(withUnread(page([item(1)], 1), 7)?.meta.totalUnread).toBe(7)
    expect(withRead(undefined, [1], 'now')).toBeUndefined()
  })
})
