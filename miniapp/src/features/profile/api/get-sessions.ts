import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type PlayerSession = Schemas['PlayerSession']
type SessionPage = Schemas['Page_PlayerSession']

/** Sessions per page: a player rarely has more open, so one page is the usual case. */
const SESSIONS_PAGE_SIZE = 20

function getSessions(page: number, signal?: AbortSignal): Promise<SessionPage> {
  return apiRequest<SessionPage>('/player/sessions', { query: { page, perPage: SESSIONS_PAGE_SIZE }, signal })
}

/** The player's open sessions, page after page (`GET /player/sessions`), the current one marked by the platform. */
export function sessionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['player', 'sessions'],
    queryFn: ({ pageParam, signal }) => getSessions(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
  })
}

export function useSessions() {
  return useInfiniteQuery(sessionsQueryOptions())
}
