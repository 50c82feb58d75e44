import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** The platform's bounds of a search text (`SEARCH_MIN_CHARS`, `SEARCH_MAX_CHARS`). */
const SEARCH_MIN_CHARS = 2
export const SEARCH_MAX_CHARS = 64
const SEARCH_RESULTS = 12

/** A typed search, trimmed and cut to the platform's maximum; undefined when too short to send. */
export function searchText(raw: string): string | undefined {
  // Code points, as the platform counts them (`chars()`), so a cut never splits a character.
  const points = Array.from(raw.trim()).slice(0, SEARCH_MAX_CHARS)
  const text = points.join('').trim()
  return Array.from(text).length >= SEARCH_MIN_CHARS ? text : undefined
}

/** Games whose name holds the text; a signed-in player's search is kept among recent searches. */
function searchGames(text: string, signal?: AbortSignal): Promise<Schemas['Page_Game']> {
  return apiRequest<Schemas['Page_Game']>('/game/games/search', { query: { search: text, page: 1, perPage: SEARCH_RESULTS }, signal })
}

function gameSearchQueryOptions(text: string) {
  return queryOptions({ queryKey: ['game', 'search', text], queryFn: ({ signal }) => searchGames(text, signal) })
}

export function useGameSearch(text: string | undefined) {
  return useQuery({ ...gameSearchQueryOptions(text ?? ''), enabled: text !== undefined })
}
