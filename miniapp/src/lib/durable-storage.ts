/**
 * Some Telegram clients (Desktop, iOS) wipe a Mini App's web storage between launches. What the app keeps
 * there and a player would miss (the session, the language, the cookie choice, the played games, the way
 * back to a game) is written to Telegram's own storage too, where the client has it: SecureStorage for
 * the session token, DeviceStorage for the rest. Web storage stays the one the app reads; at start-up,
 * an entry web storage lost comes back from Telegram's (`syncDurableStorage`, Telegram-only code). Outside Telegram, and in
 * clients without that storage, nothing is connected and web storage is all there is.
 */

/** Telegram's two storages: DeviceStorage, and SecureStorage (the device's keychain) for secrets. */
export type DurableStore = 'device' | 'secure'

/** One web storage entry kept beyond a wipe, and where. */
export interface DurableEntry {
  key: string
  area: 'local' | 'session'
  store: DurableStore
}

/** Telegram's storage as the app uses it; a failure rejects. */
export interface DurableBackend {
  read: (store: DurableStore, key: string) => Promise<string | null>
  /** `null` removes the key. */
  write: (store: DurableStore, key: string, value: string | null) => Promise<void>
}

let connected: DurableBackend | undefined

/** Makes `backend` take every later write; returns the function that disconnects it. */
export function connectDurableStorage(backend: DurableBackend): () => void {
  connected = backend
  return () => {
    if (connected === backend) connected = undefined
  }
}

/** Tells Telegram's storage the entry's new value (`null`: removed); a refusal only costs the copy. */
export function keepDurably(entry: DurableEntry, value: string | null): void {
  connected?.write(entry.store, entry.key, value).catch((error: unknown) => {
    console.warn(`[storage] Telegram's ${entry.store} storage did not take ${entry.key}`, error)
  })
}
