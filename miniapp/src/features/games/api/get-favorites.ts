import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Game } from '@/lib/api-types'

/** The signed-in player's favourite games, loaded after login (spec section 4). */
function getFavorites(signal?: AbortSignal): Promise<Game[]> {
  return apiList<Game>('/game/games/favorites', { signal })
}

export function favoritesQueryOptions() {
  return queryOptions({ queryKey: ['game', 'favorites'], queryFn: ({ signal }) => getFavorites(signal) })
}

export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQueryOptions(), enabled })
}
