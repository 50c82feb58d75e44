import { useMutation } from '@tanstack/react-query'

import { signIn } from '@/features/auth/api/sign-in'
import { trackRegistration } from '@/lib/analytics'
import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas, SessionResponse } from '@/lib/api-types'
import { invisibleCaptchaToken } from '@/lib/captcha'
import { withDeviceFingerprints } from '@/lib/fingerprint'

export type Registration = Schemas['Registration']

/**
 * `POST /player/register`: 201 with the new profile; 422 `validation_failed` with messages per field
 * (the registration scenario's rules, `captcha` when the check failed), 503 `captcha_unavailable`. The
 * checkbox's token comes with the form; an invisible captcha's is taken now, at sending.
 */
async function register(registration: Registration): Promise<Profile> {
  const invisible = registration.captcha === undefined ? await invisibleCaptchaToken() : undefined
  const response = await apiRequest<Schemas['ProfileResponse']>('/player/register', {
    method: 'POST',
    body: await withDeviceFingerprints(invisible ? { ...registration, captcha: invisible } : registration),
    auth: 'none',
  })
  return response.profile
}

/** The account was created but signing it in failed (`cause`): the player signs in by hand. */
export class SignInAfterRegistrationError extends Error {
  constructor(override readonly cause: unknown) {
    super('Registered, but the sign-in failed.')
  }
}

/** Registers (`regfin`, or `regnotfin` when refused), then signs the new player in with the same e-mail and password. */
export function useRegister() {
  return useMutation({
    mutationFn: async (registration: Registration): Promise<SessionResponse> => {
      try {
        await register(registration)
      } catch (error) {
        trackRegistration(false)
        throw error
      }
      trackRegistration(true)
      try {
        return await signIn({ login: registration.email, password: registration.password })
      } catch (cause) {
        throw new SignInAfterRegistrationError(cause)
      }
    },
  })
}
