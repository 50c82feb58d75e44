import { createMemoryHistory } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { connectAppUpdates } from '@/app/app-updates'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'

function setup({ onLine = true } = {}) {
  const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/'] }))
  const assign = vi.fn()
  const win = Object.assign(new EventTarget(), { location: { assign }, navigator: { onLine } }) as unknown as Window
  return { router, assign, win }
}

describe('app updates', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads the next page in full once the manifest names a newer build', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json({ id: 'new' })))
    const { router, assign, win } = setup()
    const stop = connectAppUpdates(router, 'old', win)

    await router.navigate({ to: '/', search: { 'sign-in': true } })
    expect(assign).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    await router.navigate({ to: '/$', params: { _splat: 'games' } })

    expect(assign).toHaveBeenCalledWith('/games')
    stop()
  })

  it('reloads to the target page when its chunk failed, once per path within 10 seconds', () => {
    const { router, assign, win } = setup()
    const stop = connectAppUpdates(router, 'dev', win)

    const first = new Event('vite:preloadError', { cancelable: true })
    win.dispatchEvent(first)
    const second = new Event('vite:preloadError', { cancelable: true })
    win.dispatchEvent(second)

    expect(assign).toHaveBeenCalledTimes(1)
    expect(assign).toHaveBeenCalledWith('/')
    expect(first.defaultPrevented).toBe(true)
    // The second failure is shown as an error instead of looping.
    expect(second.defaultPrevented).toBe(false)
    stop()
  })

  it('does not reload for a chunk that failed offline: the connection failed, not the build', () => {
    // No reload of this path is on record, so only being offline holds it back.
    sessionStorage.clear()
    const { router, assign, win } = setup({ onLine: false })
    const stop = connectAppUpdates(router, 'dev', win)

    const failed = new Event('vite:preloadError', { cancelable: true })
    win.dispatchEvent(failed)

    expect(assign).not.toHaveBeenCalled()
    // The import fails as it is, and its screen offers a retry.
    expect(failed.defaultPrevented).toBe(false)
    stop()
  })
})
