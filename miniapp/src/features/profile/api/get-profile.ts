import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Profile } from '@/lib/api-types'

async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/player/profile', { signal })
}

/** The signed-in player's profile; a sign-in seeds it with the profile its answer carries. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['player', 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
  })
}

export function useProfile() {
  return useQuery(profileQueryOptions())
}
