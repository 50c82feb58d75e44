/** The change-session marker: each write tells the other tabs that this one logged in or out. */
export const CHANGE_SESSION_KEY = 'changeSession'

export type SessionChange = 'login' | 'logout'

export function announceSessionChange(change: SessionChange, storage: Storage = localStorage): void {
  // A value unlike the last one, so every announcement fires a `storage` event.
  storage.setItem(CHANGE_SESSION_KEY, JSON.stringify({ change, at: Date.now(), nonce: Math.random() }))
}

/** Calls `listener` with the other tabs' changes (a tab never hears its own); returns the unsubscribe. */
export function subscribeSessionChanges(listener: (change: SessionChange) => void, target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHANGE_SESSION_KEY || event.newValue === null) return
    try {
      const { change } = JSON.parse(event.newValue) as { change?: unknown }
      if (change === 'login' || change === 'logout') listener(change)
    } catch {
      // Not ours to read.
    }
  }
  target.addEventListener('storage', onStorage)
  return () => {
    target.removeEventListener('storage', onStorage)
  }
}
