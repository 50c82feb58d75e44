import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { debounce } from '@/lib/debounce'

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs once, the wait after the last call of a burst', () => {
    const run = vi.fn()
    const refresh = debounce(run, 500)
    refresh()
    vi.advanceTimersByTime(300)
    refresh()
    vi.advanceTimersByTime(499)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    refresh()
    vi.advanceTimersByTime(500)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('runs nothing once cancelled', () => {
    const run = vi.fn()
    const refresh = debounce(run, 500)
    refresh()
    refresh.cancel()
    vi.advanceTimersByTime(1000)
    expect(run).not.toHaveBeenCalled()
  })
})
