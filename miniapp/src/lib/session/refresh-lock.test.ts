import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createRefreshLock, REFRESH_LOCK_KEY } from '@/lib/session/refresh-lock'

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (reason: unknown) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Settled state of a promise, without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false }
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  )
  return state
}

describe('createRefreshLock', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('refreshes at once when no tab holds the marker, holding it meanwhile', async () => {
    const response = deferred<string>()
    const refresh = vi.fn(() => response.promise)
    const refreshOnce = createRefreshLock({ refresh, freshStoredToken: () => undefined })

    const pending = refreshOnce()
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(REFRESH_LOCK_KEY)).not.toBeNull()

    response.resolve('new-token')
    await expect(pending).resolves.toBe('new-token')
    expect(localStorage.getItem(REFRESH_LOCK_KEY)).toBeNull()
  })

  it('shares one refresh between parallel calls in a tab', async () => {
    const response = deferred<string>()
    const refresh = vi.fn(() => response.promise)
    const refreshOnce = createRefreshLock({ refresh, freshStoredToken: () => undefined })

    const calls = [refreshOnce(), refreshOnce(), refreshOnce()]
    response.resolve('new-token')

    await expect(Promise.all(calls)).resolves.toEqual(['new-token', 'new-token', 'new-token'])
    expect(refresh).toHaveBeenCalledTimes(1)

    // The next expiry refreshes again.
    refresh.mockResolvedValueOnce('newer-token')
    await expect(refreshOnce()).resolves.toBe('newer-token')
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('waits for another tab, polling every 500 ms, and takes the token it stored', async () => {
    localStorage.setItem(REFRESH_LOCK_KEY, 'other tab')
    let stored = 'expired-token'
    const refresh = vi.fn(() => Promise.resolve('own-token'))
    const result = track(createRefreshLock({ refresh, freshStoredToken: () => stored })())

    await vi.advanceTimersByTimeAsync(1499)
    expect(result.settled).toBe(false)

    stored = 'token-from-other-tab'
    localStorage.removeItem(REFRESH_LOCK_KEY)
    await vi.advanceTimersByTimeAsync(1)

    expect(result).toEqual({ settled: true, value: 'token-from-other-tab' })
    expect(refresh).not.toHaveBeenCalled()
  })

  it('fails when the other tab’s refresh ended the session', async () => {
    localStorage.setItem(REFRESH_LOCK_KEY, 'other tab')
    const refresh = vi.fn(() => Promise.resolve('own-token'))
    const result = track(createRefreshLock({ refresh, freshStoredToken: () => undefined })())

    localStorage.removeItem(REFRESH_LOCK_KEY)
    await vi.advanceTimersByTimeAsync(500)

    expect(result.error).toBeInstanceOf(Error)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('takes over after 10 polls when the marker stays (its tab died mid-refresh)', async () => {
    localStorage.setItem(REFRESH_LOCK_KEY, 'dead tab')
    const refresh = vi.fn(() => Promise.resolve('own-token'))
    const result = track(createRefreshLock({ refresh, freshStoredToken: () => 'never read' })())

    await vi.advanceTimersByTimeAsync(10 * 500 - 1)
    expect(refresh).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(result).toEqual({ settled: true, value: 'own-token' })
    expect(localStorage.getItem(REFRESH_LOCK_KEY)).toBeNull()
  })

  it('releases the marker when the refresh fails', async () => {
    const refreshOnce = createRefreshLock({
      refresh: () => Promise.reject(new Error('401')),
      freshStoredToken: () => undefined,
    })

    await expect(refreshOnce()).rejects.toThrow('401')
    expect(localStorage.getItem(REFRESH_LOCK_KEY)).toBeNull()
  })
})
