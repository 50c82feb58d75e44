import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'

import { getGames } from '@/features/games/api/get-games'
import { type ListingFilters, listingQuery } from '@/features/games/listing-path'

/*
 * `GET /game/games` as a listing, page after page. Apart from get-games.ts so the home page's
 * carousels never load the listing's path rules or the infinite-query code.
 */

/**
 * A listing's page size: a multiple of the grid's 2, 3, 4 and 6 columns, so every page but the
 * last fills its rows.
 */
const LISTING_PAGE_SIZE = 24

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
