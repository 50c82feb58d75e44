import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type Winner = Schemas['List_Winner']['data'][number]

/** Everyone's latest big wins, names masked (public). */
function getWinners(signal?: AbortSignal): Promise<Winner[]> {
  return apiList<Winner>('/game/spins/winners', { signal, auth: 'none' })
}

/** The platform publishes no public winners channel, so the ticker polls: live enough for a ticker. */
const WINNERS_REFRESH_MS = 30_000

function winnersQueryOptions() {
  return queryOptions({
    queryKey: ['game', 'winners'],
    queryFn: ({ signal }) => getWinners(signal),
    refetchInterval: WINNERS_REFRESH_MS,
  })
}

export function useWinners() {
  return useQuery(winnersQueryOptions())
}
