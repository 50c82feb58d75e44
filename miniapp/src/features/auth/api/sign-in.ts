import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas, SessionResponse } from '@/lib/api-types'
import { withDeviceFingerprints } from '@/lib/fingerprint'

/** An e-mail address or a phone number (`login`) and the password. */
export type Credentials = Schemas['Credentials']

/** `POST /player/sessions` with the device's fingerprint: a 401 `invalid_credentials` for a wrong login or password. */
export async function signIn(credentials: Credentials): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/sessions', { method: 'POST', body: await withDeviceFingerprints(credentials), auth: 'none' })
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn })
}
