import { type DurableEntry, keepDurably } from '@/lib/durable-storage'

/** Where the visitor's cookie choice is remembered. */
export const COOKIE_CONSENT_KEY = 'cookieConsent'

/** In Telegram the choice outlives a wiped web storage: the popup is not asked again. */
export const COOKIE_CONSENT_ENTRY: DurableEntry = { key: COOKIE_CONSENT_KEY, area: 'local', store: 'device' }

/** All cookies and trackers, or only what the site needs to work. */
export type CookieChoice = 'all' | 'necessary'

export interface CookieConsent {
  choice: CookieChoice
  /** Epoch ms of the choice. */
  at: number
}

export function readCookieConsent(storage: Storage = localStorage): CookieConsent | undefined {
  try {
    const stored = JSON.parse(storage.getItem(COOKIE_CONSENT_KEY) ?? 'null') as Partial<CookieConsent> | null
    if ((stored?.choice === 'all' || stored?.choice === 'necessary') && typeof stored.at === 'number') {
      return { choice: stored.choice, at: stored.at }
    }
  } catch {
    // Unreadable: asked again.
  }
  return undefined
}

const listeners = new Set<(consent: CookieConsent) => void>()

export function storeCookieConsent(choice: CookieChoice, now = Date.now(), storage: Storage = localStorage): CookieConsent {
  const consent: CookieConsent = { choice, at: now }
  storage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent))
  keepDurably(COOKIE_CONSENT_ENTRY, JSON.stringify(consent))
  for (const listener of listeners) listener(consent)
  return consent
}

/**
 * Runs `start` once the visitor has accepted all cookies: now if they already have, else when they do
 * (never for a visitor who keeps to the necessary ones). Trackers start through it.
 */
export function onceTrackingAllowed(start: () => void, storage: Storage = localStorage): void {
  if (readCookieConsent(storage)?.choice === 'all') {
    start()
    return
  }
  const stop = subscribeCookieConsent(({ choice }) => {
    if (choice !== 'all') return
    stop()
    start()
  })
}

/** Calls `listener` with each choice the visitor makes from now on (trackers start or stop on it). */
export function subscribeCookieConsent(listener: (consent: CookieConsent) => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
