import { LAST_GAME_ENTRY } from '@/features/games/last-game'
import { playedEntry } from '@/features/games/recently-played'
import { COOKIE_CONSENT_ENTRY } from '@/lib/cookie-consent'
import { connectDurableStorage, type DurableBackend } from '@/lib/durable-storage'
import { LOCALE_ENTRY } from '@/lib/i18n'
import { readStoredToken, SESSION_TOKEN_ENTRY, tokenPlayerId } from '@/lib/session'
import { syncDurableStorage, telegramStorage } from '@/lib/telegram-storage'

let backend: Promise<DurableBackend | undefined> | undefined

/**
 * Connects Telegram's storage (where the client has it) as the copy of web storage, and restores from it
 * what web storage lost: the session first, then the language, the cookie choice, the way back to a game
 * and the played games of the guest and of the session's player.
 */
export async function restoreTelegramStorage(): Promise<void> {
  backend ??= telegramStorage().catch((error: unknown) => {
    console.warn("[storage] Telegram's storage is not available", error)
    return undefined
  })
  const connected = await backend
  if (!connected) return
  connectDurableStorage(connected)
  await syncDurableStorage(connected, [SESSION_TOKEN_ENTRY])
  const token = readStoredToken()
  const playerId = token === undefined ? undefined : tokenPlayerId(token)
  await syncDurableStorage(connected, [LOCALE_ENTRY, COOKIE_CONSENT_ENTRY, LAST_GAME_ENTRY, playedEntry(undefined), ...(playerId === undefined ? [] : [playedEntry(playerId)])])
}

/**
 * A player signed in after start-up (Telegram's keychain held no session, as on clients without one):
 * their played games come back from Telegram's storage too.
 */
export async function restorePlayerStorage(playerId: number): Promise<void> {
  const connected = await backend
  if (connected) await syncDurableStorage(connected, [playedEntry(playerId)])
}

/** `user.language_code` of Telegram init data, empty when it names none (Telegram start-up code, as the rest here). */
export function telegramLanguage(initData: string): string {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { language_code?: unknown } | null
    return typeof user?.language_code === 'string' ? user.language_code : ''
  } catch {
    return ''
  }
}
