import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { allMessagePagesQueryKey, messagesQueryOptions } from '@/features/notifications/api/messages'
import { allPushPagesQueryKey, pushesQueryOptions } from '@/features/notifications/api/pushes'
import { type FeedPage, type Notification, withNewItem } from '@/features/notifications/feed'
import { pushReads } from '@/features/notifications/push-reads'
import { writePublication } from '@/lib/live-cache'
import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'
import { showToast } from '@/lib/toasts'

const notificationsChannel = (playerId: number) => `messenger:notifications#${String(playerId)}`
const pushesChannel = (playerId: number) => `messenger:pushes#${String(playerId)}`

/**
 * Notifications after login (spec section 4): the inbox's first page (the bell's count) and the first
 * page of pushes load; `messenger:notifications#` and `messenger:pushes#` put new ones first and raise
 * their unread counts; a new push also shows as a toast. Read pushes still waiting in the batch are sent
 * when the page is hidden or the player signs out.
 */
export default function LiveNotifications() {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const playerId = state.status === 'loggedIn' ? state.profileId : undefined

  useEffect(() => {
    if (playerId === undefined) return
    for (const options of [messagesQueryOptions(), pushesQueryOptions()])
      queryClient.query(options).catch((error: unknown) => {
        console.error('[notifications] after-login load failed', error)
      })
  }, [playerId, queryClient])

  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === 'hidden') void pushReads.flush()
    }
    document.addEventListener('visibilitychange', flush)
    return () => {
      document.removeEventListener('visibilitychange', flush)
      void pushReads.flush()
    }
  }, [])

  const onMessage = (data: unknown) => {
    const message = (data as { message?: Notification } | null)?.message
    if (!message) return
    writePublication<FeedPage>(queryClient, messagesQueryOptions().queryKey, (page) => withNewItem(page, message))
  }
  const onPush = (data: unknown) => {
    const push = (data as { push?: Notification } | null)?.push
    if (!push) return
    writePublication<FeedPage>(queryClient, pushesQueryOptions().queryKey, (page) => withNewItem(page, push))
    showToast({ title: push.content.title, ...(push.content.body ? { description: push.content.body } : {}) })
  }
  // The hub keeps no history: what arrived while unsubscribed is fetched again.
  const resync = (allPages: readonly string[]) => () => {
    void queryClient.invalidateQueries({ queryKey: allPages })
  }
  useChannel(playerId === undefined ? undefined : notificationsChannel(playerId), onMessage, resync(allMessagePagesQueryKey))
  useChannel(playerId === undefined ? undefined : pushesChannel(playerId), onPush, resync(allPushPagesQueryKey))
  return null
}
