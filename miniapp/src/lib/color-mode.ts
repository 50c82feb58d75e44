import { useSyncExternalStore } from 'react'

import { storedSetting } from '@/lib/stored-setting'

/** What the player chose: follow the device, or always one of the two palettes (spec section 3, UI state). */
export type ColorModePreference = 'system' | 'light' | 'dark'
export type ColorMode = 'light' | 'dark'

/** Where the preference is kept; `index.html` reads the same key before the first paint. */
export const COLOR_MODE_KEY = 'colorMode'

const PREFERENCES: readonly ColorModePreference[] = ['system', 'light', 'dark']
const LIGHT_QUERY = '(prefers-color-scheme: light)'

/** The stored preference; anything else (nothing stored, an old or foreign value) lets the device decide. */
export function parseColorModePreference(raw: string | null): ColorModePreference {
  return PREFERENCES.find((preference) => preference === raw) ?? 'system'
}

export function resolveColorMode(preference: ColorModePreference, devicePrefersLight: boolean): ColorMode {
  if (preference !== 'system') return preference
  return devicePrefersLight ? 'light' : 'dark'
}

/**
 * The colour mode as a small store: the player's preference, the device's, and the modes pages force
 * while they are shown (the last one wins). Writes `data-color-mode` on the root element, which selects
 * the palette in `index.css`, and the browser's theme colour. In Telegram the messenger's theme decides
 * (`lib/telegram/theme.ts`), so the store is not started there.
 */
export function createColorModeStore(win: Window = window) {
  const listeners = new Set<() => void>()
  const media = win.matchMedia(LIGHT_QUERY)
  // The preference, also as another tab changes it.
  const preference = storedSetting(COLOR_MODE_KEY, parseColorModePreference, win)
  const forced: ColorMode[] = []

  const mode = (): ColorMode => forced.at(-1) ?? resolveColorMode(preference.get(), media.matches)
  const apply = () => {
    const root = win.document.documentElement
    root.dataset.colorMode = mode()
    const background = win.getComputedStyle(root).getPropertyValue('--app-bg').trim()
    if (background) win.document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background)
  }
  const changed = () => {
    apply()
    for (const listener of listeners) listener()
  }
  media.addEventListener('change', changed)
  const stopFollowingPreference = preference.subscribe(changed)
  apply()

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    preference: preference.get,
    mode,
    setPreference: preference.set,
    /** A page's own mode while it is shown; returns the function that lifts it. */
    force: (next: ColorMode) => {
      forced.push(next)
      changed()
      return () => {
        forced.splice(forced.lastIndexOf(next), 1)
        changed()
      }
    },
    stop: () => {
      media.removeEventListener('change', changed)
      stopFollowingPreference()
      preference.stop()
    },
  }
}

export type ColorModeStore = ReturnType<typeof createColorModeStore>

let store: ColorModeStore | undefined

/** Starts the colour mode of a web launch (once, from `main.tsx`). */
export function startColorMode(win: Window = window): ColorModeStore {
  store?.stop()
  store = createColorModeStore(win)
  return store
}

const noStore = {
  subscribe: () => () => undefined,
  preference: (): ColorModePreference => 'system',
}

/** The preference and the way to choose it; `available` is false where the messenger decides. */
export function useColorMode() {
  const current = store ?? noStore
  const preference = useSyncExternalStore(current.subscribe, current.preference)
  return {
    available: store !== undefined,
    preference,
    setPreference: (next: ColorModePreference) => store?.setPreference(next),
  }
}

function shownColorMode(): ColorMode {
  return document.documentElement.dataset.colorMode === 'dark' ? 'dark' : 'light'
}

function subscribeShownColorMode(listener: () => void): () => void {
  const observer = new MutationObserver(listener)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-color-mode'] })
  return () => {
    observer.disconnect()
  }
}

/**
 * The palette on screen now, whoever chose it (the player's preference on the web, the messenger's theme
 * in Telegram): third-party widgets are told it so they match the page.
 */
export function useShownColorMode(): ColorMode {
  return useSyncExternalStore(subscribeShownColorMode, shownColorMode)
}
