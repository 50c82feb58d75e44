import { queryOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { SportInfo } from '@/features/sportsbook/sport-path'

/** A sport's categories and championships (`GET /game/sport/info/{id}`, public), for the sport addresses' names. */
function getSportInfo(sportId: number, signal?: AbortSignal): Promise<SportInfo> {
  return apiRequest<SportInfo>(`/game/sport/info/${String(sportId)}`, { signal, auth: 'none' })
}

export function sportInfoQueryOptions(sportId: number) {
  return queryOptions({
    queryKey: ['sportsbook', 'sport-info', sportId],
    queryFn: ({ signal }) => getSportInfo(sportId, signal),
    // A sport's tree changes with the season, not while a player browses it.
    staleTime: 10 * 60_000,
  })
}
