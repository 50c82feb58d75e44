import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { PushReadBatch } from '@/features/notifications/push-read-batch'

describe('push read batching', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends the ids read together in one call, once', async () => {
    const send = vi.fn(() => Promise.resolve())
    const batch = new PushReadBatch(send, 1000)
    expect(batch.queue(1)).toBe(true)
    expect(batch.queue(2)).toBe(true)
    expect(batch.queue(1)).toBe(false)
    await vi.advanceTimersByTimeAsync(999)
    expect(send).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(send).toHaveBeenCalledExactlyOnceWith([1, 2])
    expect(batch.pending()).toEqual([])
  })

  it('keeps the ids of a failed call for the next one', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined)
    const batch = new PushReadBatch(send, 1000)
    batch.queue(5)
    await batch.flush()
    expect(batch.pending()).toEqual([5])
    batch.queue(6)
    await batch.flush()
    expect(send).toHaveBeenLastCalledWith([5, 6])
    expect(batch.pending()).toEqual([])
  })

  it('sends nothing when nothing waits', async () => {
    const send = vi.fn(() => Promise.resolve())
    await new PushReadBatch(send, 1000).flush()
    expect(send).not.toHaveBeenCalled()
  })
})
