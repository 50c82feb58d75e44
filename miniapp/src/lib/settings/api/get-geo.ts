import { queryOptions, useQuery } from '@tanstack/react-query'

import { SETTINGS_CACHE_MS } from '@/config/constants'
import { apiRequest } from '@/lib/api-client'

/** The visitor's country as the CDN's country header says (null when unknown), whether the operator restricts it, and its locale. */
export interface VisitorGeo {
  country: string | null
  restricted: boolean
  locale: string | null
}

function visitorGeoQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'geo'],
    queryFn: ({ signal }) => apiRequest<VisitorGeo>('/settings/geo', { signal, auth: 'none' }),
    // Cached as the other settings: the visitor's country does not change within a visit.
    staleTime: SETTINGS_CACHE_MS,
  })
}

export function useVisitorGeo() {
  return useQuery(visitorGeoQueryOptions())
}
