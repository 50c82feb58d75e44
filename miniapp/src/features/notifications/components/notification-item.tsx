import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'

import { type Notification, STATE_UNREAD } from '@/features/notifications/feed'
import { t } from '@/lib/i18n'

/** One message or push: unread ones are marked with a dot and in words (not by colour alone). */
function NotificationItem({ item, actions }: { item: Notification; actions?: ReactNode }) {
  const unread = item.state === STATE_UNREAD
  return (
    <li className="flex gap-3 rounded-xl bg-section px-3 py-3 text-sm" data-testid={`notification-${String(item.id)}`}>
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-button' : 'bg-transparent'}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-fg">
          {unread ? <span className="sr-only">{t('Unread:')} </span> : null}
          {item.content.title}
        </p>
        {item.content.body ? <p className="text-hint">{item.content.body}</p> : null}
        <time dateTime={item.createdAt} className="text-xs text-hint">
          {new Date(item.createdAt).toLocaleString()}
        </time>
        {actions ? <div className="mt-1 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </li>
  )
}

/** An item's "Mark as read". */
function MarkRead({ onRead }: { onRead: () => void }) {
  return (
    <button type="button" className="min-h-11 text-sm font-semibold text-link" onClick={onRead}>
      {t('Mark as read')}
    </button>
  )
}

/**
 * A feed's items, newest first: an unread one offers "Mark as read" (`onRead`); `more` adds what else an
 * item offers (the inbox's Delete).
 */
export function NotificationList({
  items,
  onRead,
  more,
}: {
  items: readonly Notification[]
  onRead: (item: Notification) => void
  more?: (item: Notification) => ReactNode
}) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => {
        const markRead =
          item.state === STATE_UNREAD ? (
            <MarkRead
              onRead={() => {
                onRead(item)
              }}
            />
          ) : null
        return (
          <NotificationItem
            key={item.id}
            item={item}
            actions={
              more ? (
                <>
                  {markRead}
                  {more(item)}
                </>
              ) : (
                markRead
              )
            }
          />
        )
      })}
    </ul>
  )
}

/** A feed's "Mark all as read", idle while nothing is unread or the call is under way. */
export function MarkAllRead({ unread, pending, onRead }: { unread: number; pending: boolean; onRead: () => void }) {
  return (
    <Button variant="secondary" disabled={unread === 0 || pending} onClick={onRead}>
      {t('Mark all as read')}
    </Button>
  )
}
