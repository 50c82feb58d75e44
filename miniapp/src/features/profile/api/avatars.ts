import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas } from '@/lib/api-types'

type Avatar = Schemas['Avatar']

async function getAvatars(signal?: AbortSignal): Promise<Avatar[]> {
  return (await apiRequest<Schemas['AvatarList']>('/player/avatar/list', { signal })).avatars
}

/** The pictures a player may choose (`GET /player/avatar/list`), the chosen one marked. */
function avatarsQueryOptions() {
  return queryOptions({ queryKey: ['player', 'avatars'], queryFn: ({ signal }) => getAvatars(signal) })
}

export function useAvatars() {
  return useQuery(avatarsQueryOptions())
}

/** `POST /player/avatar/set-avatar`: answers the changed profile. */
function setAvatar(avatarId: number): Promise<Profile> {
  return apiRequest<Profile>('/player/avatar/set-avatar', { method: 'POST', body: { avatarId } })
}

export function useSetAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setAvatar,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile)
      await queryClient.invalidateQueries({ queryKey: avatarsQueryOptions().queryKey })
    },
  })
}
