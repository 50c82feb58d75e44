import { apiRequest } from '@/lib/api-client'
import type { Schemas, SessionResponse } from '@/lib/api-types'
import { withDeviceFingerprint } from '@/lib/fingerprint'

/** The providers the platform offers (the sandbox stands in for each with its own consent page). */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}

export interface SocialSignInBody {
  provider: SocialProvider
  locale?: string
  affiliateTag?: string
}

function body({ provider, locale, affiliateTag }: SocialSignInBody) {
  return {
    provider,
    ...(locale ? { locale } : {}),
    ...(affiliateTag ? { affiliateTag } : {}),
    redirect_domain: window.location.origin,
  } satisfies Schemas['SocialBody']
}

/** `POST /player/sessions/social?state=…` without a code: where the player consents (`redirectUrl`). */
export async function socialConsentUrl(request: SocialSignInBody & { state: string }): Promise<string> {
  const { redirectUrl } = await apiRequest<Schemas['SocialRedirect']>('/player/sessions/social', {
    method: 'POST',
    query: { state: request.state },
    body: await withDeviceFingerprint(body(request)),
    auth: 'none',
  })
  return redirectUrl
}

/**
 * `POST /player/sessions/social?code=…&state=…` from the callback: a session, for a new player too
 * (`profile.isNewlyRegistered`). 401 `social_code_invalid` for a used or expired code.
 */
export async function finishSocialSignIn(request: SocialSignInBody & { code: string; state: string }): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/sessions/social', {
    method: 'POST',
    query: { code: request.code, state: request.state },
    body: await withDeviceFingerprint(body(request)),
    auth: 'none',
  })
}
