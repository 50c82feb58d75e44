import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { NOTIFICATION_PAGE_SIZE } from '@/config/constants'
import { type FeedPage, withRead, withUnread } from '@/features/notifications/feed'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type FeedChange = Schemas['FeedChange']

/** `GET /notification/messenger/messages`: a page of the inbox, newest first, with `meta.totalUnread`. */
function getMessages(page: number, signal?: AbortSignal): Promise<FeedPage> {
  return apiRequest<FeedPage>('/notification/messenger/messages', { query: { page, perPage: NOTIFICATION_PAGE_SIZE }, signal })
}

export function messagesQueryOptions(page = 1) {
  return queryOptions({
    queryKey: ['notifications', 'messages', page],
    queryFn: ({ signal }) => getMessages(page, signal),
  })
}

export function useMessages(page = 1, enabled = true) {
  return useQuery({ ...messagesQueryOptions(page), enabled })
}

/** Every cached page of the inbox (a prefix of `messagesQueryOptions(page).queryKey`). */
export const allMessagePagesQueryKey = ['notifications', 'messages'] as const

/**
 * Marks messages read (`ids`, or every one): at once on every cached page, then the platform's unread
 * count on the first page (the bell's), whatever page the messages were on.
 */
export function useReadMessages() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly number[] | 'all') =>
      ids === 'all'
        ? apiRequest<FeedChange>('/notification/messenger/messages/read/all', { method: 'POST' })
        : apiRequest<FeedChange>('/notification/messenger/messages/read', {
            method: 'POST',
            body: { messageIds: [...ids] } satisfies Schemas['MessageIds'],
          }),
    onMutate: (ids) => {
      const readAt = new Date().toISOString()
      queryClient.setQueriesData<FeedPage>({ queryKey: allMessagePagesQueryKey }, (page) => withRead(page, ids, readAt))
    },
    onSuccess: (change) => {
      queryClient.setQueriesData<FeedPage>({ queryKey: allMessagePagesQueryKey }, (page) => withUnread(page, change.totalUnread))
    },
    onError: () => queryClient.invalidateQueries({ queryKey: allMessagePagesQueryKey }),
  })
}

/** `DELETE /notification/messenger/messages`: the pages are fetched again (the rows move up). */
export function useDeleteMessages() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      apiRequest<FeedChange>('/notification/messenger/messages', {
        method: 'DELETE',
        body: { messageIds: [...ids] } satisfies Schemas['MessageIds'],
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allMessagePagesQueryKey }),
  })
}
