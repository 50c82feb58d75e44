import { queryOptions, useQuery } from '@tanstack/react-query'

import { SETTINGS_CACHE_MS } from '@/config/constants'
import type { Country } from '@/lib/settings/types'
import { apiRequest } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-types'

/** Countries a player may pick. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const response = await apiRequest<ListResponse<Country>>('/settings/countries', { signal })
  return response.data
}

export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
    // The spec caches settings for 15 minutes.
    staleTime: SETTINGS_CACHE_MS,
  })
}

export function useCountries() {
  return useQuery(countriesQueryOptions())
}
