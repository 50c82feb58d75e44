import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type RealityCheck = Schemas['RealityCheck']

function getRealityCheck(signal?: AbortSignal): Promise<RealityCheck> {
  return apiRequest<RealityCheck>('/player/reality-check', { signal })
}

/** The player's reminder interval (kept by the platform, so every device reminds alike) and the session it counts. */
export function realityCheckQueryOptions() {
  return queryOptions({ queryKey: ['player', 'reality-check'], queryFn: ({ signal }) => getRealityCheck(signal) })
}

export function useRealityCheck(enabled = true) {
  return useQuery({ ...realityCheckQueryOptions(), enabled })
}

/** `PUT /player/reality-check`: 1 to 240 minutes, `null` for off; answers the new state. */
function setRealityCheck(intervalMinutes: number | null): Promise<RealityCheck> {
  return apiRequest<RealityCheck>('/player/reality-check', { method: 'PUT', body: { intervalMinutes } })
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: (check) => {
      queryClient.setQueryData(realityCheckQueryOptions().queryKey, check)
    },
  })
}
