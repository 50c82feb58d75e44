import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { prerenderedContent } from '@/lib/prerendered'

type FaqEntry = Schemas['ContentEntry']

/** `GET /content/faq`: every question with its answer, in the player's language; public. */
function getFaq(locale: string, signal?: AbortSignal): Promise<FaqEntry[]> {
  return apiRequest<Schemas['List_ContentEntry']>('/content/faq', { query: { locale }, signal, auth: 'none' }).then((list) => list.data)
}

function faqQueryOptions(locale: string) {
  return queryOptions({
    queryKey: ['content', 'faq', locale],
    queryFn: ({ signal }) => getFaq(locale, signal),
    // A pre-rendered question brought them all: shown at once, refetched in the background.
    initialData: () => {
      const content = prerenderedContent()
      return content?.kind === 'faq' && content.locale === locale ? content.entries : undefined
    },
    initialDataUpdatedAt: 0,
    staleTime: 10 * 60_000,
  })
}

export function useFaq(locale: string) {
  return useQuery(faqQueryOptions(locale))
}
