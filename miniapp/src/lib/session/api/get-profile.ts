import type { Profile } from '@/lib/session/types'
import { apiRequest } from '@/lib/api-client'

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/player/profile', { signal })
}
