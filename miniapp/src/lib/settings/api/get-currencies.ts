import { queryOptions, useQuery } from '@tanstack/react-query'

import { SETTINGS_CACHE_MS } from '@/config/constants'
import type { Currency } from '@/lib/settings/types'
import { apiRequest } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-types'

/** Currencies players may see. */
export async function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  const response = await apiRequest<ListResponse<Currency>>('/settings/currencies', { query: { visible: 1 }, signal })
  return response.data
}

export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'currencies'],
    queryFn: ({ signal }) => getCurrencies(signal),
    // The spec caches settings for 15 minutes.
    staleTime: SETTINGS_CACHE_MS,
  })
}

export function useCurrencies() {
  return useQuery(currenciesQueryOptions())
}
