import type { SessionResponse } from '@/lib/api-types'
import { apiRequest } from '@/lib/api-client'

export interface Credentials {
  /** An e-mail address or a phone number. */
  login: string
  password: string
}

/** `POST /player/sessions`: a 401 `invalid_credentials` for a wrong login or password. */
export function signIn(credentials: Credentials): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/sessions', { method: 'POST', body: credentials, auth: 'none' })
}
