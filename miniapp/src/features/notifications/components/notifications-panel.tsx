import { useQueryClient } from '@tanstack/react-query'
import { type KeyboardEvent, useId, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { MODAL_Z_INDEX_BASE, NOTIFICATION_TAB_DEFAULT } from '@/config/constants'
import { useDeleteMessages, useMessages, useReadMessages } from '@/features/notifications/api/messages'
import { usePushes, useReadAllPushes } from '@/features/notifications/api/pushes'
import { MarkAllRead, NotificationList } from '@/features/notifications/components/notification-item'
import type { FeedPage } from '@/features/notifications/feed'
import { readPush } from '@/features/notifications/push-reads'
import { t } from '@/lib/i18n'

/**
 * The tabs of the panel. The spec names only the default key (`cashBonuses`); the platform's inbox is
 * where deposit, bonus, quest and level messages arrive, so that tab is the inbox, and pushes have their own.
 */
const TABS = [NOTIFICATION_TAB_DEFAULT, 'pushes'] as const
type Tab = (typeof TABS)[number]

/** Every notification, in tabs, 20 a page, with read, all read and delete. */
export function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<Tab>(NOTIFICATION_TAB_DEFAULT)
  const baseId = useId()
  const labels: Record<Tab, string> = { cashBonuses: t('Messages'), pushes: t('Alerts') }
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] ?? NOTIFICATION_TAB_DEFAULT
    setTab(next)
    document.getElementById(`${baseId}-${next}`)?.focus()
  }
  return (
    <Dialog title={t('Notifications')} zIndex={MODAL_Z_INDEX_BASE} onClose={onClose} variant="sheet">
      <div role="tablist" aria-label={t('Notifications')} className="mb-3 flex gap-2" onKeyDown={onTabKey}>
        {TABS.map((key) => (
          <button
            key={key}
            id={`${baseId}-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => {
              setTab(key)
            }}
            className={`min-h-11 flex-1 rounded-xl px-3 text-sm font-semibold ${tab === key ? 'bg-button text-button-fg' : 'bg-section text-fg'}`}
          >
            {labels[key]}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`}>
        {tab === 'pushes' ? <PushesTab /> : <MessagesTab />}
      </div>
    </Dialog>
  )
}

function FeedStates({ query, empty }: { query: { isError: boolean; data: FeedPage | undefined; refetch: () => unknown }; empty: string }) {
  if (query.isError) return <LoadError title={t('Notifications did not load.')} onRetry={() => void query.refetch()} />
  if (!query.data)
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <div aria-hidden="true" className="skeleton h-16 rounded-xl" />
        <div aria-hidden="true" className="skeleton h-16 rounded-xl" />
      </div>
    )
  return <StateMessage title={t('Nothing here yet')} description={empty} />
}

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={t('Pages')} className="mt-3 flex items-center justify-between gap-2 text-sm">
      <Button
        variant="secondary"
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1)
        }}
      >
        {t('Newer')}
      </Button>
      <span className="tabular-nums text-hint">{t('Page {page} of {total}', { page, total: totalPages })}</span>
      <Button
        variant="secondary"
        disabled={page >= totalPages}
        onClick={() => {
          onPage(page + 1)
        }}
      >
        {t('Older')}
      </Button>
    </nav>
  )
}

function MessagesTab() {
  const [page, setPage] = useState(1)
  const messages = useMessages(page)
  const read = useReadMessages()
  const remove = useDeleteMessages()
  const data = messages.data
  if (!data || data.data.length === 0)
    return <FeedStates query={messages} empty={t('News about your deposits, bonuses and quests shows here.')} />
  return (
    <div className="flex flex-col gap-2">
      <MarkAllRead
        unread={data.meta.totalUnread}
        pending={read.isPending}
        onRead={() => {
          read.mutate('all')
        }}
      />
      <NotificationList
        items={data.data}
        onRead={(item) => {
          read.mutate([item.id])
        }}
        more={(item) => (
          <button
            type="button"
            className="min-h-11 text-sm font-semibold text-destructive"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate([item.id])
            }}
          >
            {t('Delete')}
          </button>
        )}
      />
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </div>
  )
}

function PushesTab() {
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const pushes = usePushes(page)
  const readAll = useReadAllPushes()
  const data = pushes.data
  if (!data || data.data.length === 0) return <FeedStates query={pushes} empty={t('Alerts we send you show here.')} />
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-hint" data-testid="pushes-unread">
        {t('{count} unread', { count: data.meta.totalUnread })}
      </p>
      <MarkAllRead
        unread={data.meta.totalUnread}
        pending={readAll.isPending}
        onRead={() => {
          readAll.mutate()
        }}
      />
      <NotificationList
        items={data.data}
        onRead={(item) => {
          readPush(queryClient, item.id)
        }}
      />
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </div>
  )
}
