import { type DurableEntry, keepDurably } from '@/lib/durable-storage'

/**
 * The last game viewed, kept in session storage so the player can return to it (spec section 2);
 * cleared with the session on sign-out (spec section 4, "clears the return-game").
 */
export interface LastGame {
  identity: string
  name: string
}

/** Whose last game it is: a player's id, or `guest`. Another owner's entry is as good as cleared. */
export type GameOwner = number | 'guest'

const LAST_GAME_KEY = 'return-game'

/** In Telegram the way back outlives the webview's storage (and so a closed app). */
export const LAST_GAME_ENTRY: DurableEntry = { key: LAST_GAME_KEY, area: 'session', store: 'device' }

/**
 * The last game of `owner`. The entry names its owner, so a sign-out (or another player signing in)
 * leaves no way back into the previous player's game, as the spec's "clears the return-game" asks.
 */
export function readLastGame(owner: GameOwner, storage: Storage = window.sessionStorage): LastGame | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(LAST_GAME_KEY) ?? 'null')
    if (typeof value !== 'object' || value === null) return undefined
    const { identity, name, owner: stored } = value as Record<string, unknown>
    if (stored !== owner) return undefined
    return typeof identity === 'string' && typeof name === 'string' ? { identity, name } : undefined
  } catch {
    return undefined
  }
}

export function storeLastGame(game: LastGame, owner: GameOwner, storage: Storage = window.sessionStorage): void {
  const value = JSON.stringify({ ...game, owner })
  try {
    storage.setItem(LAST_GAME_KEY, value)
  } catch {
    // A webview refusing storage only loses the way back.
  }
  keepDurably(LAST_GAME_ENTRY, value)
}
