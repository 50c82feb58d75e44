import { queryOptions } from '@tanstack/react-query'

import { SETTINGS_CACHE_MS } from '@/config/constants'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type Constants = Schemas['Constants']

/**
 * `GET /settings/constants`: the statuses and kinds the platform numbers (quest states, bonus and invoice
 * statuses, …). The operator's platform owns the numbering; the client asks rather than assumes.
 */
export function constantsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'constants'],
    queryFn: ({ signal }) => apiRequest<Constants>('/settings/constants', { signal }),
    // The spec caches settings for 15 minutes.
    staleTime: SETTINGS_CACHE_MS,
  })
}
