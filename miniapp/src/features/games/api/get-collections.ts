import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'

import type { GameCollection } from '@/features/games/types'
import { apiRequest } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-types'

/** In the server's order, already filtered by the visitor's country; hidden collections are dropped here. */
export async function getCollections(signal?: AbortSignal): Promise<GameCollection[]> {
  const response = await apiRequest<ListResponse<GameCollection>>('/game/collections', { signal })
  return response.data.filter((collection) => !collection.isHidden)
}

export function collectionsQueryOptions() {
  return queryOptions({
    queryKey: ['game', 'collections'],
    queryFn: ({ signal }) => getCollections(signal),
  })
}

/** Reads collections a route loader has already ensured. */
export function useCollections() {
  return useSuspenseQuery(collectionsQueryOptions())
}
