import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { NOTIFICATION_PAGE_SIZE } from '@/config/constants'
import { type FeedPage, withRead, withUnread } from '@/features/notifications/feed'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type FeedChange = Schemas['FeedChange']

/** `GET /notification/pushes`: the first page of pushes after login, more as the player pages. */
function getPushes(page: number, signal?: AbortSignal): Promise<FeedPage> {
  return apiRequest<FeedPage>('/notification/pushes', { query: { page, perPage: NOTIFICATION_PAGE_SIZE }, signal })
}

export function pushesQueryOptions(page = 1) {
  return queryOptions({
    queryKey: ['notifications', 'pushes', page],
    queryFn: ({ signal }) => getPushes(page, signal),
  })
}

/** Every cached page of pushes (a prefix of `pushesQueryOptions(page).queryKey`). */
export const allPushPagesQueryKey = ['notifications', 'pushes'] as const

export function usePushes(page = 1, enabled = true) {
  return useQuery({ ...pushesQueryOptions(page), enabled })
}

/** `POST /notification/pushes/read`: one call for every push the batch collected. */
export function sendPushesRead(pushIds: number[]): Promise<FeedChange> {
  return apiRequest<FeedChange>('/notification/pushes/read', { method: 'POST', body: { pushIds } satisfies Schemas['PushIds'] })
}

/** `POST /notification/pushes/read/all`. */
export function useReadAllPushes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<FeedChange>('/notification/pushes/read/all', { method: 'POST' }),
    onMutate: () => {
      queryClient.setQueriesData<FeedPage>({ queryKey: allPushPagesQueryKey }, (page) =>
        withRead(page, 'all', new Date().toISOString()),
      )
    },
    onSuccess: (change) => {
      queryClient.setQueriesData<FeedPage>({ queryKey: allPushPagesQueryKey }, (page) => withUnread(page, change.totalUnread))
    },
    onError: () => queryClient.invalidateQueries({ queryKey: allPushPagesQueryKey }),
  })
}
