import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiList, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type RecentSearch = Schemas['RecentSearch']

/** `GET /game/search/recent`: the signed-in player's last searches, newest first. */
function getRecentSearches(signal?: AbortSignal): Promise<RecentSearch[]> {
  return apiList<RecentSearch>('/game/search/recent', { signal })
}

function recentSearchesQueryOptions() {
  return queryOptions({ queryKey: ['game', 'recent-searches'], queryFn: ({ signal }) => getRecentSearches(signal) })
}

/** Asked again whenever shown: every signed-in search since the last look may have added one. */
export function useRecentSearches(enabled: boolean) {
  return useQuery({ ...recentSearchesQueryOptions(), enabled, refetchOnMount: 'always' })
}

/** `DELETE /game/search/recent`: one search (`query`), or all of them without it. */
async function deleteRecentSearches(query?: string): Promise<void> {
  await apiRequest<unknown>('/game/search/recent', { method: 'DELETE', query: { query } })
}

export function useDeleteRecentSearches() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRecentSearches,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recentSearchesQueryOptions().queryKey }),
  })
}
