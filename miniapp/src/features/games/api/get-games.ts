import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export interface GamesParams {
  collection: string
  page: number
  perPage: number
}

export function getGames(params: GamesParams, signal?: AbortSignal): Promise<Schemas['Page_Game']> {
  return apiRequest<Schemas['Page_Game']>('/game/games', { query: { ...params }, signal })
}

export function gamesQueryOptions(params: GamesParams) {
  return queryOptions({
    queryKey: ['game', 'games', params],
    queryFn: ({ signal }) => getGames(params, signal),
  })
}

export function useGames(params: GamesParams) {
  return useQuery(gamesQueryOptions(params))
}
