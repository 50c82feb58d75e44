import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Level } from '@/features/loyalty/progress'
import { apiList } from '@/lib/api-client'

/** `GET /retention/levels`: every level, lowest first (a public call, spec section 6). */
function getLevels(signal?: AbortSignal): Promise<Level[]> {
  return apiList<Level>('/retention/levels', { signal, auth: 'none' })
}

function levelsQueryOptions() {
  return queryOptions({
    queryKey: ['retention', 'levels'],
    queryFn: ({ signal }) => getLevels(signal),
    // The ladder is the operator's configuration: it changes with a release, not during a visit.
    staleTime: 60 * 60 * 1000,
  })
}

export function useLevels() {
  return useQuery(levelsQueryOptions())
}
