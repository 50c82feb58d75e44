import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type ContentEntry = Schemas['ContentEntry']
type ContentSummary = Schemas['ContentSummary']

/** `GET /content/bonus-pages/{slug}` or `/content/welcome-package` in the player's language (public). */
function getContent(path: string, locale: string, signal?: AbortSignal): Promise<ContentEntry> {
  return apiRequest<ContentEntry>(path, { query: { locale }, signal, auth: 'none' })
}

function bonusPageQueryOptions(slug: string, locale: string) {
  return queryOptions({
    queryKey: ['content', 'bonus-page', slug, locale],
    queryFn: ({ signal }) => getContent(`/content/bonus-pages/${encodeURIComponent(slug)}`, locale, signal),
    // A page that does not exist is an answer, not a hiccup.
    retry: false,
  })
}

function welcomePackageQueryOptions(locale: string) {
  return queryOptions({
    queryKey: ['content', 'welcome-package', locale],
    queryFn: ({ signal }) => getContent('/content/welcome-package', locale, signal),
  })
}

export function useBonusPage(slug: string, locale: string) {
  return useQuery(bonusPageQueryOptions(slug, locale))
}

export function useWelcomePackage(locale: string) {
  return useQuery(welcomePackageQueryOptions(locale))
}

/** `GET /content/bonus-pages`: the bonus pages' titles, for the bonuses page's promotions. */
function bonusPagesQueryOptions(locale: string) {
  return queryOptions({
    queryKey: ['content', 'bonus-pages', locale],
    queryFn: ({ signal }) =>
      apiRequest<{ data: ContentSummary[] }>('/content/bonus-pages', { query: { locale }, signal, auth: 'none' }).then((list) => list.data),
  })
}

export function useBonusPages(locale: string) {
  return useQuery(bonusPagesQueryOptions(locale))
}
