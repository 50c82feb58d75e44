import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { debounce, SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/features/games/debounce'

describe('the search debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls once, with the last arguments, after the quiet time', () => {
    const fn = vi.fn()
    const debounced = debounce(fn, 300)
    debounced('b')
    vi.advanceTimersByTime(200)
    debounced('bo')
    vi.advanceTimersByTime(200)
    debounced('boo')
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(299)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith('boo')
  })

  it('can be cancelled', () => {
    const fn = vi.fn()
    const debounced = debounce(fn, 300)
    debounced()
    debounced.cancel()
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
  })

  it('settles a typed value only once typing pauses', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: '' } })
    rerender({ value: 'bo' })
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1)
    })
    expect(result.current).toBe('')
    rerender({ value: 'boo' })
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1)
    })
    expect(result.current).toBe('')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toBe('boo')
  })
})
