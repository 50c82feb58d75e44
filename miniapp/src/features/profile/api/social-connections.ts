import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { apiList, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type SocialConnection = Schemas['SocialConnection']

function getSocialConnections(signal?: AbortSignal): Promise<SocialConnection[]> {
  return apiList<SocialConnection>('/player/social-connections', { signal })
}

/** The social accounts linked to the player (`GET /player/social-connections`). */
function socialConnectionsQueryOptions() {
  return queryOptions({ queryKey: ['player', 'social-connections'], queryFn: ({ signal }) => getSocialConnections(signal) })
}

export function useSocialConnections() {
  return useQuery(socialConnectionsQueryOptions())
}

/** `POST /player/social-connections/unlink`: 409 when it is the player's only way to sign in. */
function unlinkSocial(socialType: string): Promise<void> {
  return apiRequest<undefined>('/player/social-connections/unlink', { method: 'POST', body: { socialType } })
}

/** `POST /player/social-connections/telegram`: links the Telegram account of the Mini App's init data. */
function linkTelegram(payload: string): Promise<Schemas['ProfileResponse']> {
  return apiRequest<Schemas['ProfileResponse']>('/player/social-connections/telegram', { method: 'POST', body: { payload } })
}

export function useUnlinkSocial() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unlinkSocial,
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialConnectionsQueryOptions().queryKey }),
  })
}

export function useLinkTelegram() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: linkTelegram,
    onSuccess: async ({ profile }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile)
      await queryClient.invalidateQueries({ queryKey: socialConnectionsQueryOptions().queryKey })
    },
  })
}
