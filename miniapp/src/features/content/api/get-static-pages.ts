import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type ContentSummary = Schemas['ContentSummary']

/** `GET /content/pages`: the static pages' titles, for the footer; public. */
function getStaticPages(locale: string, signal?: AbortSignal): Promise<ContentSummary[]> {
  return apiRequest<Schemas['List_ContentSummary']>('/content/pages', { query: { locale }, signal, auth: 'none' }).then((list) => list.data)
}

function staticPagesQueryOptions(locale: string) {
  return queryOptions({
    queryKey: ['content', 'static-pages', locale],
    queryFn: ({ signal }) => getStaticPages(locale, signal),
    // The pages change with a release of the operator's texts, not during a visit.
    staleTime: 10 * 60_000,
  })
}

export function useStaticPages(locale: string) {
  return useQuery(staticPagesQueryOptions(locale))
}
