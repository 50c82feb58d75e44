/**
 * The `state` of a social sign-in: a nonce this tab remembers (so a callback it did not start is refused)
 * and the route to return to. It travels through the provider and back in the callback's query.
 */
const SOCIAL_NONCE_KEY = 'socialSignInNonce'

/** What the round trip is for: signing in (the default), or linking the provider to the signed-in player. */
export type SocialIntent = 'sign-in' | 'link'

interface SocialState {
  nonce: string
  back: string
  intent?: SocialIntent
}

function randomNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function encode(state: SocialState): string {
  return btoa(JSON.stringify(state)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** A path of this site: `/…` but not `//…` (another host) nor `/\…`. */
export function isInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
}

/** A new state returning to `back`; the nonce is kept for this tab. */
export function createSocialState(back: string, storage: Storage = sessionStorage, intent: SocialIntent = 'sign-in'): string {
  const nonce = randomNonce()
  storage.setItem(SOCIAL_NONCE_KEY, nonce)
  return encode({ nonce, back: isInternalPath(back) ? back : '/', ...(intent === 'link' ? { intent } : {}) })
}

/**
 * The route to return to when `state` is the one this tab started (the nonce is then spent), else
 * undefined: a forged or replayed callback.
 */
export function acceptSocialState(state: string, storage: Storage = sessionStorage): { back: string; intent: SocialIntent } | undefined {
  const expected = storage.getItem(SOCIAL_NONCE_KEY)
  try {
    const decoded = JSON.parse(atob(state.replaceAll('-', '+').replaceAll('_', '/'))) as Partial<SocialState> | null
    if (!expected || decoded?.nonce !== expected) return undefined
    storage.removeItem(SOCIAL_NONCE_KEY)
    return {
      back: typeof decoded.back === 'string' && isInternalPath(decoded.back) ? decoded.back : '/',
      intent: decoded.intent === 'link' ? 'link' : 'sign-in',
    }
  } catch {
    return undefined
  }
}
