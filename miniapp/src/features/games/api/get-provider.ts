import { queryOptions, useQuery } from '@tanstack/react-query'

import type { ProviderDetails } from '@/features/games/api/get-providers'
import { apiRequest } from '@/lib/api-client'

/** One provider by id or identity (`GET /game/providers/{id}`). */
function getProvider(id: string, signal?: AbortSignal): Promise<ProviderDetails> {
  return apiRequest<ProviderDetails>(`/game/providers/${encodeURIComponent(id)}`, { signal, auth: 'none' })
}

function providerQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['game', 'provider', id],
    queryFn: ({ signal }) => getProvider(id, signal),
    retry: false,
    staleTime: 5 * 60_000,
  })
}

export function useProvider(id: string) {
  return useQuery(providerQueryOptions(id))
}
