import { queryOptions, useQuery } from '@tanstack/react-query'

import { ApiError, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { prerenderedContent } from '@/lib/prerendered'

type ContentEntry = Schemas['ContentEntry']

/** `GET /content/pages/{slug}`: one static page (terms, privacy...) in the player's language; public. */
function getStaticPage(slug: string, locale: string, signal?: AbortSignal): Promise<ContentEntry> {
  return apiRequest<ContentEntry>(`/content/pages/${encodeURIComponent(slug)}`, { query: { locale }, signal, auth: 'none' })
}

function staticPageQueryOptions(slug: string, locale: string) {
  return queryOptions({
    queryKey: ['content', 'static-page', slug, locale],
    queryFn: ({ signal }) => getStaticPage(slug, locale, signal),
    // A pre-rendered page brought its text: shown at once, refetched in the background.
    initialData: () => {
      const content = prerenderedContent()
      return content?.kind === 'page' && content.slug === slug && content.locale === locale ? content.entry : undefined
    },
    initialDataUpdatedAt: 0,
    // A page that does not exist is an answer, not a hiccup.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  })
}

export function useStaticPage(slug: string, locale: string) {
  return useQuery(staticPageQueryOptions(slug, locale))
}
