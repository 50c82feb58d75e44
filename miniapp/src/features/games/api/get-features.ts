import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type GameFeature = Schemas['Feature']

function getFeatures(signal?: AbortSignal): Promise<GameFeature[]> {
  return apiList<GameFeature>('/game/games/features', { signal, auth: 'none' })
}

function featuresQueryOptions() {
  return queryOptions({
    queryKey: ['game', 'features'],
    queryFn: ({ signal }) => getFeatures(signal),
    staleTime: 5 * 60_000,
  })
}

export function useFeatures() {
  return useQuery(featuresQueryOptions())
}
