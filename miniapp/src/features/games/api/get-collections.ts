import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'

import type { GameCollection } from '@/lib/api-types'
import { apiList } from '@/lib/api-client'

/** In the server's order, already filtered by the visitor's country; hidden collections are dropped here. */
async function getCollections(signal?: AbortSignal): Promise<GameCollection[]> {
  const collections = await apiList<GameCollection>('/game/collections', { signal })
  return collections.filter((collection) => !collection.isHidden)
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
