import { useMutation, useQueryClient } from '@tanstack/react-query'

import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas } from '@/lib/api-types'

/** The fields a player changes directly; an absent field stays, an empty string clears an optional one. */
type ProfileChange = Schemas['ProfileChange']

/** `PUT /player/profile`: 422 `validation_failed` names each refused field. */
export function updateProfile(change: ProfileChange): Promise<Profile> {
  return apiRequest<Profile>('/player/profile', { method: 'PUT', body: change })
}

/** The answer is the changed profile: it replaces the cached one, so the header's name follows at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile)
    },
  })
}
