import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'

import { type ListingFilters, listingQuery } from '@/features/games/listing-path'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export interface GamesParams {
  collection: string
  page: number
  perPage: number
}

export function getGames(query: Record<string, string | number>, signal?: AbortSignal): Promise<Schemas['Page_Game']> {
  return apiRequest<Schemas['Page_Game']>('/game/games', { query, signal, auth: 'none' })
}

/** One page of one collection: the home and lobby carousels. */
export function gamesQueryOptions(params: GamesParams) {
  return queryOptions({
    queryKey: ['game', 'games', params],
    queryFn: ({ signal }) => getGames({ ...params }, signal),
  })
}

export function useGames(params: GamesParams) {
  return useQuery(gamesQueryOptions(params))
}

/**
 * A listing's page size: a multiple of the grid's 2, 3, 4 and 6 columns, so every page but the
 * last fills its rows.
 */
export const LISTING_PAGE_SIZE = 24

/** A filtered listing, page after page as the player scrolls (`/games/{params}`, provider pages). */
export function listingQueryOptions(filters: ListingFilters) {
  const query = listingQuery(filters)
  return infiniteQueryOptions({
    queryKey: ['game', 'games', 'listing', query],
    queryFn: ({ pageParam, signal }) => getGames({ ...query, page: pageParam, perPage: LISTING_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
  })
}

export function useListing(filters: ListingFilters) {
  return useInfiniteQuery(listingQueryOptions(filters))
}
