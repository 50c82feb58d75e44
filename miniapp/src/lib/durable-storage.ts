/**
 * Some Telegram clients (Desktop, iOS) wipe a Mini App's web storage between launches. What the app keeps
 * there and a player would miss (the session, the language, the cookie choice, the played games, the way
 * back to a game) is written to Telegram's own storage too, where the client has it: SecureStorage for
 * the session token, DeviceStorage for the rest. Web storage stays the one the app reads; at start-up,
 * an entry web storage lost comes back from Telegram's (`syncDurableStorage`). Outside Telegram, and in
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

/**
 * For each entry: a value web storage holds is copied to Telegram's (it may have been written before the
 * copy was connected); one web storage lost is restored from Telegram's. An entry Telegram's storage
 * refuses stays as web storage has it.
 */
export async function syncDurableStorage(
  backend: DurableBackend,
  entries: readonly DurableEntry[],
  areas: Record<DurableEntry['area'], Storage> = { local: localStorage, session: sessionStorage },
): Promise<void> {
  await Promise.all(
    entries.map(async (entry) => {
      const storage = areas[entry.area]
      try {
        const present = storage.getItem(entry.key)
        if (present !== null) {
          await backend.write(entry.store, entry.key, present)
          return
        }
        const kept = await backend.read(entry.store, entry.key)
        // Written meanwhile (a sign-in that did not wait): the newer value stays.
        if (kept !== null && storage.getItem(entry.key) === null) storage.setItem(entry.key, kept)
      } catch (error) {
        console.warn(`[storage] ${entry.key} was not synced with Telegram's ${entry.store} storage`, error)
      }
    }),
  )
}
