import { createContext, useContext, useSyncExternalStore } from 'react'

/**
 * How the app was launched, decided once at start-up: inside Telegram (its launch parameters are in
 * the URL hash, or its web-app script is present) or in a browser.
 */
export type Launch =
  | { mode: 'web' }
  | {
      mode: 'telegram'
      /** The raw init data string, exactly as Telegram signed it: `tg_login` sends it untouched. */
      initData: string
      startParam: string | undefined
    }

/** Where the launch is kept for this tab, so a reload inside Telegram (hash gone) stays in Telegram mode. */
export const TELEGRAM_LAUNCH_KEY = 'telegramLaunch'

interface TelegramGlobal {
  WebApp?: { initData?: string; initDataUnsafe?: { start_param?: string } }
}

/** Reads the launch from the URL hash, `window.Telegram`, or an earlier read in this tab; pure apart from storage. */
export function detectLaunch(win: Window, storage: Storage = win.sessionStorage): Launch {
  const hash = new URLSearchParams(win.location.hash.replace(/^#/, ''))
  const fromHash = hash.get('tgWebAppData')
  if (fromHash) {
    const launch: Launch = { mode: 'telegram', initData: fromHash, startParam: hash.get('tgWebAppStartParam') ?? undefined }
    storage.setItem(TELEGRAM_LAUNCH_KEY, JSON.stringify(launch))
    return launch
  }
  const webApp = (win as Window & { Telegram?: TelegramGlobal }).Telegram?.WebApp
  if (webApp?.initData) {
    return { mode: 'telegram', initData: webApp.initData, startParam: webApp.initDataUnsafe?.start_param }
  }
  try {
    const stored = JSON.parse(storage.getItem(TELEGRAM_LAUNCH_KEY) ?? 'null') as Partial<Extract<Launch, { mode: 'telegram' }>> | null
    if (typeof stored?.initData === 'string' && stored.initData !== '') {
      return { mode: 'telegram', initData: stored.initData, startParam: stored.startParam ?? undefined }
    }
  } catch {
    // Not ours to read.
  }
  return { mode: 'web' }
}

/** Forgets the stored launch: after a failed messenger sign-in its init data is of no further use. */
function clearStoredLaunch(storage: Storage = sessionStorage): void {
  storage.removeItem(TELEGRAM_LAUNCH_KEY)
}

/**
 * Whether this tab's messenger sign-in is still to come. A Telegram player is signed in by the launch's
 * init data as the app starts, never by a form, so a page for signed-in players opened straight from a
 * launch (a link into `/wallet`) waits for that sign-in instead of treating the player as a guest.
 */
let messengerSignInFailed = false
const messengerSignInListeners = new Set<() => void>()

/** The messenger sign-in failed (the app shows why): signed-in pages stop waiting for it. */
export function markMessengerSignInFailed(storage: Storage = sessionStorage): void {
  clearStoredLaunch(storage)
  messengerSignInFailed = true
  for (const listener of messengerSignInListeners) listener()
}

export function messengerSignInPending(launch: Launch): boolean {
  return launch.mode === 'telegram' && !messengerSignInFailed
}

export function useMessengerSignInPending(launch: Launch): boolean {
  return useSyncExternalStore(
    (listener) => {
      messengerSignInListeners.add(listener)
      return () => messengerSignInListeners.delete(listener)
    },
    () => messengerSignInPending(launch),
  )
}

export const LaunchContext = createContext<Launch>({ mode: 'web' })

export function useLaunch(): Launch {
  return useContext(LaunchContext)
}
