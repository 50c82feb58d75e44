import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas } from '@/lib/api-types'

export type Registration = Schemas['Registration']

/** `POST /player/register`: 201 with the new profile; 422 `validation_failed` with messages per field. */
export async function register(registration: Registration): Promise<Profile> {
  const response = await apiRequest<{ profile: Profile }>('/player/register', {
    method: 'POST',
    body: registration,
    auth: 'none',
  })
  return response.profile
}
