import { describe, expect, it, vi } from 'vitest'

import { registerServiceWorker } from '@/lib/service-worker'

function fakeWindow(readyState: DocumentReadyState) {
  const register = vi.fn(() => Promise.resolve({}))
  const listeners: Record<string, () => void> = {}
  const win = {
    navigator: { serviceWorker: { register } },
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener
    },
    setTimeout: (work: () => void) => {
      work()
      return 0
    },
  } as unknown as Window
  return { win, register, listeners }
}

describe('the service worker registration', () => {
  it('registers /sw.js for the whole site in a production build, after the page has loaded', () => {
    const { win, register, listeners } = fakeWindow('loading')
    registerServiceWorker(win, true)
    expect(register).not.toHaveBeenCalled()
    listeners.load?.()
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('registers nothing outside production builds or where browsers have no workers', () => {
    const { win, register } = fakeWindow('complete')
    registerServiceWorker(win, false)
    expect(register).not.toHaveBeenCalled()
    const bare = { navigator: {}, document: { readyState: 'complete' } } as unknown as Window
    expect(() => {
      registerServiceWorker(bare, true)
    }).not.toThrow()
  })
})
