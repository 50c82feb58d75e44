import '@testing-library/jest-dom/vitest'

import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'

import { server } from '@/test/msw/server'

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true })

// A request no handler expects is a test bug, never a silent pass.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})
