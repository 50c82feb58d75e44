import { queryOptions, useQuery } from '@tanstack/react-query'

import { SETTINGS_CACHE_MS } from '@/config/constants'
import type { Locale } from '@/lib/settings/types'
import { apiRequest } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-types'

/** Locales the product is offered in. */
export async function getLocales(signal?: AbortSignal): Promise<Locale[]> {
  const response = await apiRequest<ListResponse<Locale>>('/settings/locales', { signal })
  return response.data
}

export function localesQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'locales'],
    queryFn: ({ signal }) => getLocales(signal),
    // The spec caches settings for 15 minutes.
    staleTime: SETTINGS_CACHE_MS,
  })
}

export function useLocales() {
  return useQuery(localesQueryOptions())
}
