import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type ProviderDetails = Schemas['ProviderDetails']

/** Every provider with its games count; a failure is an empty list (spec section 8). */
async function getProviders(signal?: AbortSignal): Promise<ProviderDetails[]> {
  try {
    return await apiList<ProviderDetails>('/game/providers', { signal, auth: 'none' })
  } catch (error) {
    if (signal?.aborted) throw error
    console.warn('Providers did not load; showing none.', error)
    return []
  }
}

export function providersQueryOptions() {
  return queryOptions({
    queryKey: ['game', 'providers'],
    queryFn: ({ signal }) => getProviders(signal),
    staleTime: 5 * 60_000,
  })
}

export function useProviders() {
  return useQuery(providersQueryOptions())
}
