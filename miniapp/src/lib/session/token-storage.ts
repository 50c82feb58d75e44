import { TOKEN_EXPIRY_MARGIN_MS, TOKEN_STORAGE_MS } from '@/config/constants'
import { type DurableEntry, keepDurably } from '@/lib/durable-storage'

export const SESSION_TOKEN_KEY = 'sessionToken'

/** In Telegram the session outlives a wiped web storage, in the device's keychain. */
export const SESSION_TOKEN_ENTRY: DurableEntry = { key: SESSION_TOKEN_KEY, area: 'local', store: 'secure' }

interface StoredToken {
  token: string
  /** Epoch ms after which the stored token is dropped (365 days after it was stored). */
  expiresAt: number
}

/** Keeps `token` for 365 days. */
export function storeToken(token: string, now = Date.now(), storage: Storage = localStorage): void {
  const stored = JSON.stringify({ token, expiresAt: now + TOKEN_STORAGE_MS } satisfies StoredToken)
  storage.setItem(SESSION_TOKEN_KEY, stored)
  keepDurably(SESSION_TOKEN_ENTRY, stored)
}

/** The stored token, unless its storage lifetime is over (then it is removed) or the entry is unreadable. */
export function readStoredToken(now = Date.now(), storage: Storage = localStorage): string | undefined {
  const raw = storage.getItem(SESSION_TOKEN_KEY)
  if (raw === null) return undefined
  try {
    const stored = JSON.parse(raw) as Partial<StoredToken> | null
    if (typeof stored?.token === 'string' && typeof stored.expiresAt === 'number' && stored.expiresAt > now) {
      return stored.token
    }
  } catch {
    // Unreadable: treated as no token.
  }
  clearStoredToken(storage)
  return undefined
}

export function clearStoredToken(storage: Storage = localStorage): void {
  storage.removeItem(SESSION_TOKEN_KEY)
  keepDurably(SESSION_TOKEN_ENTRY, null)
}

/**
 * Whether the token must be refreshed before use: from 10 s before its `exp`. A token that does not
 * decode counts as expired, so the refresh (and its failure path) decides; one without `exp` never expires.
 */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  try {
    const { exp } = jwtClaims(token)
    return exp !== undefined && now >= exp * 1000 - TOKEN_EXPIRY_MARGIN_MS
  } catch {
    return true
  }
}

/** The player a token belongs to: its `sub` claim, a player id; undefined when it does not decode to one. */
export function tokenPlayerId(token: string): number | undefined {
  try {
    const id = Number(jwtClaims(token).sub)
    return Number.isSafeInteger(id) && id > 0 ? id : undefined
  } catch {
    return undefined
  }
}

/** A JWT's claims (its base64url JSON payload), unchecked: the server checks signatures. Throws when they do not decode. */
function jwtClaims(token: string): { exp?: number; sub?: string } {
  const payload = token.split('.')[1]
  if (payload === undefined) throw new Error('Not a JWT.')
  const bytes = Uint8Array.from(atob(payload.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes)) as { exp?: number; sub?: string }
}
