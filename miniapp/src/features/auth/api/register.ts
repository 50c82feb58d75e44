import { useMutation } from '@tanstack/react-query'

import { signIn } from '@/features/auth/api/sign-in'
import { withCaptcha } from '@/features/auth/api/with-captcha'
import { startPhoneSignUp } from '@/features/auth/phone-verification'
import type { SignUp } from '@/features/auth/registration-scenario'
import { trackRegistration } from '@/lib/analytics'
import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas, SessionResponse } from '@/lib/api-types'
import { withDeviceFingerprints } from '@/lib/fingerprint'

type Registration = Schemas['Registration']

/**
 * `POST /player/register`: 201 with the new profile; 422 `validation_failed` with messages per field
 * (the registration scenario's rules, `captcha` when the check failed), 503 `captcha_unavailable`.
 */
async function register(registration: Registration): Promise<Profile> {
  const response = await apiRequest<Schemas['ProfileResponse']>('/player/register', {
    method: 'POST',
    body: await withDeviceFingerprints(await withCaptcha(registration)),
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
async function registerAndSignIn(registration: Registration): Promise<SessionResponse> {
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
}

export type SignedUp = { kind: 'signedIn'; session: SessionResponse } | { kind: 'codeSent'; phone: string }

/**
 * A sign-up's call: an e-mail one registers and signs in; a phone one texts the code that proves the
 * number, and the registration waits for it (`phone-verification.ts`).
 */
export function useSignUp() {
  return useMutation({
    mutationFn: async (signUp: SignUp): Promise<SignedUp> =>
      signUp.method === 'email'
        ? { kind: 'signedIn', session: await registerAndSignIn(signUp.registration) }
        : { kind: 'codeSent', phone: await startPhoneSignUp(signUp.registration) },
  })
}
