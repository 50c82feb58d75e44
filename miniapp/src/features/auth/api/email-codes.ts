import { apiRequest } from '@/lib/api-client'
import type { SessionResponse } from '@/lib/api-types'
import type { CodeSent } from '@/features/auth/api/send-phone-code'
import { withDeviceFingerprint } from '@/lib/fingerprint'

/**
 * `POST /player/otp/email/send`: e-mails a sign-in code. An address without an account gets the same
 * answer (and no e-mail); 422 for a malformed address, 429 `code_too_soon` while the last code is fresh.
 */
export function sendEmailCode(email: string): Promise<CodeSent> {
  return apiRequest<CodeSent>('/player/otp/email/send', { method: 'POST', body: { email }, auth: 'none' })
}

/** `POST /player/otp/verify` with an e-mail: the code signs its owner in; 422 `code_invalid` for a wrong, used or expired code. */
export async function signInWithEmailCode(email: string, code: string): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/otp/verify', { method: 'POST', body: await withDeviceFingerprint({ email, code }), auth: 'none' })
}
