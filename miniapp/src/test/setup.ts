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
  resetTheDocument()
})
/**
 * Test files share a worker's jsdom (vite.config.ts, `isolate: false`): what the app sets on the document
 * and the window outside React's tree (the language, the colour mode, injected scripts and meta tags, a
 * test's window size) goes back to how a fresh page has it.
 */
function resetTheDocument() {
  const root = document.documentElement
  for (const name of root.getAttributeNames()) root.removeAttribute(name)
  document.head.replaceChildren()
  document.body.replaceChildren()
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name)
  document.title = ''
  Object.assign(window, { innerWidth: 1024, innerHeight: 768 })
}

afterAll(() => {
  server.close()
})
