import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** Exchanges a (nearly) expired token for a new one. Never through the session: that would recurse. */
export async function refreshSession(token: string): Promise<string> {
  const response = await apiRequest<Schemas['AccessToken']>('/player/sessions/refresh', {
    method: 'POST',
    auth: { bearer: token },
  })
  return response.accessToken
}
