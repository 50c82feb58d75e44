import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export interface GamesParams {
  collection: string
  page: number
  perPage: number
}

/** `GET /game/games`: one page of the catalogue, filtered (public). */
export function getGames(query: Record<string, string | number>, signal?: AbortSignal): Promise<Schemas['Page_Game']> {
  return apiRequest<Schemas['Page_Game']>('/game/games', { query, signal, auth: 'none' })
}

/** One page of one collection: the home and lobby carousels. */
function gamesQueryOptions(params: GamesParams) {
  return queryOptions({
    queryKey: ['game', 'games', params],
    queryFn: ({ signal }) => getGames({ ...params }, signal),
  })
}

export function useGames(params: GamesParams) {
  return useQuery(gamesQueryOptions(params))
}
