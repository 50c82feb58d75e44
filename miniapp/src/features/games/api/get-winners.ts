import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type Winner = Schemas['List_Winner']['data'][number]

/** Everyone's latest big wins, names masked (public). */
function getWinners(signal?: AbortSignal): Promise<Winner[]> {
  return apiList<Winner>('/game/spins/winners', { signal, auth: 'none' })
}

/** The platform publishes no public winners channel, so the ticker polls (the player's own big wins arrive at once). */
const WINNERS_REFRESH_MS = 30_000

export function winnersQueryOptions() {
  return queryOptions({
    queryKey: ['game', 'winners'],
    queryFn: ({ signal }) => getWinners(signal),
    refetchInterval: WINNERS_REFRESH_MS,
  })
}

export function useWinners() {
  return useQuery(winnersQueryOptions())
}
