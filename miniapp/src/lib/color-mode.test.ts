import { afterEach, describe, expect, it } from 'vitest'

import { COLOR_MODE_KEY, createColorModeStore, parseColorModePreference, resolveColorMode } from '@/lib/color-mode'

/** A window whose device colour scheme the test sets, with jsdom's storage and document. */
function fakeWindow(prefersLight: boolean) {
  const listeners = new Set<() => void>()
  const media = {
    matches: prefersLight,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }
  const win = Object.create(window) as Window
  Object.defineProperty(win, 'matchMedia', { value: () => media })
  return {
    win,
    deviceTurns: (light: boolean) => {
      media.matches = light
      for (const listener of listeners) listener()
    },
  }
}

afterEach(() => {
  delete document.documentElement.dataset.colorMode
})

describe('colour mode', () => {
  it('reads the stored preference, and the device decides for anything else', () => {
    expect(parseColorModePreference(localStorage.getItem(COLOR_MODE_KEY))).toBe('system')
    localStorage.setItem(COLOR_MODE_KEY, 'light')
    expect(parseColorModePreference(localStorage.getItem(COLOR_MODE_KEY))).toBe('light')
    localStorage.setItem(COLOR_MODE_KEY, 'purple')
    expect(parseColorModePreference(localStorage.getItem(COLOR_MODE_KEY))).toBe('system')
  })

  it('resolves the system preference by the device', () => {
    expect(resolveColorMode('system', true)).toBe('light')
    expect(resolveColorMode('system', false)).toBe('dark')
    expect(resolveColorMode('dark', true)).toBe('dark')
    expect(resolveColorMode('light', false)).toBe('light')
  })

  it('follows the device until the player chooses, keeps the choice, and tells its listeners', () => {
    const { win, deviceTurns } = fakeWindow(false)
    const store = createColorModeStore(win)
    let told = 0
    store.subscribe(() => (told += 1))
    expect(document.documentElement.dataset.colorMode).toBe('dark')

    deviceTurns(true)
    expect(document.documentElement.dataset.colorMode).toBe('light')

    store.setPreference('dark')
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark')
    expect(store.preference()).toBe('dark')
    expect(document.documentElement.dataset.colorMode).toBe('dark')
    // The device no longer matters.
    deviceTurns(true)
    expect(store.mode()).toBe('dark')
    expect(told).toBe(3)
    store.stop()
  })

  it('lets a page force a mode while it is shown', () => {
    const { win } = fakeWindow(true)
    const store = createColorModeStore(win)
    const lift = store.force('dark')
    expect(document.documentElement.dataset.colorMode).toBe('dark')
    store.setPreference('light')
    expect(store.mode()).toBe('dark')
    lift()
    expect(document.documentElement.dataset.colorMode).toBe('light')
    store.stop()
  })

  it('follows a choice made in another tab', () => {
    const { win } = fakeWindow(false)
    const store = createColorModeStore(win)
    localStorage.setItem(COLOR_MODE_KEY, 'light')
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_KEY }))
    expect(store.preference()).toBe('light')
    expect(document.documentElement.dataset.colorMode).toBe('light')
    store.stop()
  })
})
