import { useEffect, useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { NOTIFICATION_POPOVER_ITEMS } from '@/config/constants'
import { useMessages, useReadMessages } from '@/features/notifications/api/messages'
import { NotificationList } from '@/features/notifications/components/notification-item'
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel'
import { t } from '@/lib/i18n'

/**
 * The header's bell: the unread count, and on tap the popover of the latest 3 messages (spec section 9)
 * with "See all", which opens the notifications panel. Escape or a tap outside closes the popover.
 */
export default function NotificationsBell() {
  const messages = useMessages()
  const readMessages = useReadMessages()
  const [open, setOpen] = useState(false)
  const [panel, setPanel] = useState(false)
  const popoverId = useId()
  const root = useRef<HTMLDivElement>(null)
  const unread = messages.data?.meta.totalUnread ?? 0

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const latest = messages.data?.data.slice(0, NOTIFICATION_POPOVER_ITEMS) ?? []
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={unread > 0 ? t('Notifications, {count} unread', { count: unread }) : t('Notifications')}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => {
          setOpen((was) => !was)
        }}
        className="relative grid size-11 place-items-center rounded-xl text-fg hover:bg-section"
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="bell-count"
            className="absolute top-1 right-1 min-w-5 rounded-full bg-destructive px-1 text-center text-xs leading-5 font-bold text-bg"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={popoverId}
          role="region"
          aria-label={t('Latest notifications')}
          // Phones: the full width under the header (the bell is not at the edge); wider screens: under the bell.
          className="fixed inset-x-3 top-[calc(3.5rem+env(safe-area-inset-top))] z-30 flex max-h-[70dvh] flex-col gap-2 overflow-y-auto rounded-2xl bg-surface p-3 text-fg shadow-2xl min-[528px]:absolute min-[528px]:inset-x-auto min-[528px]:top-full min-[528px]:right-0 min-[528px]:mt-2 min-[528px]:w-88"
        >
          {messages.isError ? (
            <p role="alert" className="flex items-center justify-between gap-2 p-2 text-sm">
              {t('Notifications did not load.')}
              <Button variant="secondary" onClick={() => void messages.refetch()}>
                {t('Retry')}
              </Button>
            </p>
          ) : !messages.data ? (
            <div aria-hidden="true" className="skeleton h-20 rounded-xl" />
          ) : latest.length === 0 ? (
            <p className="p-2 text-sm text-hint">{t('No notifications yet. News about your deposits, bonuses and quests shows here.')}</p>
          ) : (
            <NotificationList
              items={latest}
              onRead={(item) => {
                readMessages.mutate([item.id])
              }}
            />
          )}
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false)
              setPanel(true)
            }}
          >
            {t('See all')}
          </Button>
        </div>
      ) : null}
      {panel ? (
        <NotificationsPanel
          onClose={() => {
            setPanel(false)
          }}
        />
      ) : null}
    </div>
  )
}
