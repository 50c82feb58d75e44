import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import type { SocialProvider } from '@/features/auth/api/social'

/**
 * `POST /player/social-connections/{provider}?code=…&state=…` from the callback of a linking round
 * trip: the provider's account becomes one more way for the signed-in player to sign in; answers the
 * linked accounts. 409 when that account already belongs to another player.
 */
export function linkSocial({ provider, code, state }: { provider: SocialProvider; code: string; state: string }): Promise<Schemas['SocialConnection'][]> {
  return apiList<Schemas['SocialConnection']>(`/player/social-connections/${provider}`, { method: 'POST', query: { code, state } })
}
