import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiList, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type Limit = Schemas['Limit']
type NewLimit = Schemas['NewLimit']

function getLimits(signal?: AbortSignal): Promise<Limit[]> {
  return apiList<Limit>('/player/limits', { signal })
}

/** The player's limits with what each period has used (`GET /player/limits`). */
function limitsQueryOptions() {
  return queryOptions({ queryKey: ['player', 'limits'], queryFn: ({ signal }) => getLimits(signal) })
}

export function useLimits() {
  return useQuery(limitsQueryOptions())
}

/** `POST /player/limits`: 422 names a bad field, 409 `limit.exists` for a second one of the same kind. */
function createLimit(limit: NewLimit): Promise<Limit> {
  return apiRequest<Limit>('/player/limits', { method: 'POST', body: limit })
}

/** `PUT /player/limits/{id}`: stricter applies at once; looser answers `pendingAmount`/`pendingPeriod` and `effectiveAt`. */
function changeLimit({ id, ...change }: { id: number } & Schemas['LimitChange']): Promise<Limit> {
  return apiRequest<Limit>(`/player/limits/${String(id)}`, { method: 'PUT', body: change })
}

/** `DELETE /player/limits/{id}`: the limit stays until `effectiveAt` (`pendingRemoval`); 409 `limit.locked` for a running exclusion. */
function removeLimit(id: number): Promise<Limit> {
  return apiRequest<Limit>(`/player/limits/${String(id)}`, { method: 'DELETE' })
}

function useLimitsChanging<Variables>(mutationFn: (variables: Variables) => Promise<Limit>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryOptions().queryKey }),
  })
}

export function useCreateLimit() {
  return useLimitsChanging(createLimit)
}

export function useChangeLimit() {
  return useLimitsChanging(changeLimit)
}

export function useRemoveLimit() {
  return useLimitsChanging(removeLimit)
}
