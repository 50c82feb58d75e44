import { queryOptions } from '@tanstack/react-query'

import { SETTINGS_CACHE_MS } from '@/config/constants'
import { apiList, type ApiRequestOptions } from '@/lib/api-client'

/** `GET /settings/{name}`: one of the platform's setting lists, cached as the spec says. */
export function settingsQueryOptions<T>(name: 'countries' | 'currencies' | 'locales', query?: ApiRequestOptions['query']) {
  return queryOptions({
    queryKey: ['settings', name, query],
    queryFn: ({ signal }) => apiList<T>(`/settings/${name}`, { ...(query ? { query } : {}), signal }),
    // The spec caches settings for 15 minutes.
    staleTime: SETTINGS_CACHE_MS,
  })
}
