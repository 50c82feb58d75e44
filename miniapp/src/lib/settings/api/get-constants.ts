import { queryOptions, useQuery } from '@tanstack/react-query'

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

export function useConstants() {
  return useQuery(constantsQueryOptions())
}

/**
 * The name `family` gives `value` (`'success'` for an invoice status the platform numbers 2), so labels and
 * decisions key on names; undefined for a number the family does not list.
 */
export function constantName<Family extends Record<string, number>>(family: Family, value: number | null | undefined): keyof Family | undefined {
  return Object.keys(family).find((name) => family[name] === value)
}
