import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type SportSearchResult = Schemas['SportSearchResult']

/** Live and upcoming events and championships of that name (`GET /game/sport/search`). */
function searchSport(text: string, signal?: AbortSignal): Promise<SportSearchResult> {
  return apiRequest<SportSearchResult>('/game/sport/search', { query: { search: text }, signal })
}

function sportSearchQueryOptions(text: string) {
  return queryOptions({ queryKey: ['game', 'sport-search', text], queryFn: ({ signal }) => searchSport(text, signal) })
}

export function useSportSearch(text: string | undefined) {
  return useQuery({ ...sportSearchQueryOptions(text ?? ''), enabled: text !== undefined })
}
