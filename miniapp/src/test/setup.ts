import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'

import { resetI18n } from '@/lib/i18n'
import { resetRealtimeHub } from '@/test/msw/realtime'
import { server } from '@/test/msw/server'

// The device fingerprint's library probes canvas, audio and fonts, which jsdom does not have: the tests
// get a fixed visitor (lib/fingerprint.test.ts checks how the app uses the library).
vi.mock('@fingerprintjs/fingerprintjs', () => ({
  load: () => Promise.resolve({ get: () => Promise.resolve({ visitorId: 'test-visitor' }) }),
}))

// Modals load their chunk on first use; on a busy two-core machine the first one may take over a second.
configure({ asyncUtilTimeout: 3000 })

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true })

// A request no handler expects is a test bug, never a silent pass.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  cleanup()
  // The session token and the Telegram launch live in storage; each test starts as a new visitor.
  localStorage.clear()
  sessionStorage.clear()
  server.resetHandlers()
  resetRealtimeHub()
  resetI18n()
})
afterAll(() => {
  server.close()
})
