import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { isChunkLoadError, isNewerBuildLive, mayForceReload, watchBuildManifest } from '@/lib/app-updates'

const manifest = (id: string) => vi.fn(() => Promise.resolve(Response.json({ id })))

describe('the build manifest', () => {
  it('is fetched with a cache-busting timestamp and compared with this build', async () => {
    const fetcher = manifest('b2')
    expect(await isNewerBuildLive('b1', fetcher, 1234)).toBe(true)
    expect(fetcher).toHaveBeenCalledWith('/builds/latest.json?t=1234', { cache: 'no-store' })
    expect(await isNewerBuildLive('b2', manifest('b2'))).toBe(false)
  })

  it('is silently ignored when it cannot be read', async () => {
    expect(await isNewerBuildLive('b1', vi.fn(() => Promise.reject(new TypeError('offline'))))).toBeUndefined()
    expect(await isNewerBuildLive('b1', vi.fn(() => Promise.resolve(new Response('nope', { status: 404 }))))).toBeUndefined()
    expect(await isNewerBuildLive('b1', vi.fn(() => Promise.resolve(new Response('<html>'))))).toBeUndefined()
  })

  describe('polling', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it('reports a newer build once and stops', async () => {
      let live = 'b1'
      const fetcher = vi.fn(() => Promise.resolve(Response.json({ id: live })))
      const onUpdate = vi.fn()
      watchBuildManifest('b1', onUpdate, { intervalMs: 1000, fetcher })

      await vi.advanceTimersByTimeAsync(1000)
      expect(onUpdate).not.toHaveBeenCalled()
      live = 'b2'
      await vi.advanceTimersByTimeAsync(1000)
      expect(onUpdate).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(5000)
      expect(fetcher).toHaveBeenCalledTimes(2)
    })
  })
})

describe('forced reloads', () => {
  it('happen at most once per path within 10 seconds', () => {
    expect(mayForceReload('/games', 0)).toBe(true)
    expect(mayForceReload('/games', 9_999)).toBe(false)
    expect(mayForceReload('/wallet', 9_999)).toBe(true)
    expect(mayForceReload('/wallet', 20_000)).toBe(true)
  })

  it('recognise the errors of a chunk that failed to load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Games did not load'))).toBe(false)
  })
})
