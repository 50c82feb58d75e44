/**
 * The last game viewed, kept in session storage so the player can return to it (spec section 2);
 * cleared with the session on sign-out (spec section 4, "clears the return-game").
 */
export interface LastGame {
  identity: string
  name: string
}

export const LAST_GAME_KEY = 'return-game'

export function readLastGame(storage: Storage = window.sessionStorage): LastGame | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(LAST_GAME_KEY) ?? 'null')
    if (typeof value !== 'object' || value === null) return undefined
    const { identity, name } = value as Record<string, unknown>
    return typeof identity === 'string' && typeof name === 'string' ? { identity, name } : undefined
  } catch {
    return undefined
  }
}

export function storeLastGame(game: LastGame, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(LAST_GAME_KEY, JSON.stringify(game))
  } catch {
    // A webview refusing storage only loses the way back.
  }
}

export function clearLastGame(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(LAST_GAME_KEY)
  } catch {
    // Nothing to clear.
  }
}
