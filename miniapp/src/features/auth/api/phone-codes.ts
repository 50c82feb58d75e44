import { withCaptcha } from '@/features/auth/api/with-captcha'
import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas, SessionResponse } from '@/lib/api-types'
import { withDeviceFingerprint, withDeviceFingerprints } from '@/lib/fingerprint'

/**
 * `POST /player/otp/verify` for a guest: the code signs the owner of `phone` in. 422 `code_invalid` for
 * a wrong or expired code, 404 `player_not_found` when no account uses the number.
 */
export async function signInWithPhoneCode(phone: string, code: string): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/otp/verify', { method: 'POST', body: await withDeviceFingerprint({ phone, code }), auth: 'none' })
}

export type PhoneRegistration = Schemas['PhoneRegistration']

/**
 * `POST /player/register/phone`: a new account for a number proven by its code, under the registration
 * scenario's rules as `POST /player/register` is; 201 with the profile. 422 `validation_failed` (a taken
 * number on `phone`, the scenario's fields, `captcha`) or `code_invalid`. The client then signs in.
 */
export async function registerByPhone(registration: PhoneRegistration): Promise<Profile> {
  const response = await apiRequest<Schemas['ProfileResponse']>('/player/register/phone', {
    method: 'POST',
    body: await withDeviceFingerprints(await withCaptcha(registration)),
    auth: 'none',
  })
  return response.profile
}

/** `POST /player/otp/verify` for a signed-in player: the code attaches `phone` to the profile (409 `phone_taken`). */
export async function attachPhone(phone: string, code: string): Promise<Profile> {
  const response = await apiRequest<Schemas['ProfileResponse']>('/player/otp/verify', { method: 'POST', body: { phone, code } })
  return response.profile
}
