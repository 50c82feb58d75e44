import { useMutation, useQueryClient } from '@tanstack/react-query'

import { sessionsQueryOptions } from '@/features/profile/api/get-sessions'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** `PUT /player/sessions/{id}/close`: signs that device out; its next call is refused. */
function closeSession(id: string): Promise<void> {
  return apiRequest<undefined>(`/player/sessions/${encodeURIComponent(id)}/close`, { method: 'PUT' })
}

/** `POST /player/sessions/close-other`: every session but this one; answers how many closed. */
function closeOtherSessions(): Promise<Schemas['ClosedSessions']> {
  return apiRequest<Schemas['ClosedSessions']>('/player/sessions/close-other', { method: 'POST' })
}

function useInvalidatingSessions<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  })
}

export function useCloseSession() {
  return useInvalidatingSessions(closeSession)
}

export function useCloseOtherSessions() {
  return useInvalidatingSessions(closeOtherSessions)
}
