import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Game } from '@/features/games/types'
import { apiRequest } from '@/lib/api-client'
import type { PagedResponse } from '@/lib/api-types'

export interface GamesParams {
  collection: string
  page: number
  perPage: number
}

export function getGames(params: GamesParams, signal?: AbortSignal): Promise<PagedResponse<Game>> {
  return apiRequest<PagedResponse<Game>>('/game/games', { query: { ...params }, signal })
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
