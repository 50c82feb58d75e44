import { apiRequest } from '@/lib/api-client'
import type { SessionResponse } from '@/lib/api-types'
import { withDeviceFingerprint } from '@/lib/fingerprint'

/** `POST /player/sessions/token`: signs in with an auto-login link's one-time token; 401 `login_token_invalid` once used or expired. */
export async function signInWithToken(token: string): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/sessions/token', { method: 'POST', body: await withDeviceFingerprint({ token }), auth: 'none' })
}
