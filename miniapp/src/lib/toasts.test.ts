import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ToastQueue, toastLifetime } from '@/lib/toasts'

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('live 3000 ms, or 5000 ms with a description', () => {
    expect(toastLifetime({})).toBe(3000)
    expect(toastLifetime({ description: 'More.' })).toBe(5000)

    const queue = new ToastQueue()
    queue.show({ title: 'Saved' })
    vi.advanceTimersByTime(2999)
    expect(queue.visible().map((toast) => toast.title)).toEqual(['Saved'])
    vi.advanceTimersByTime(1)
    expect(queue.visible()).toEqual([])

    vi.advanceTimersByTime(1000)
    queue.show({ title: 'Deposit received', description: '$25.00 is on your balance.' })
    vi.advanceTimersByTime(4999)
    expect(queue.visible()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(queue.visible()).toEqual([])
  })

  it('appear at least 400 ms apart when raised together', () => {
    const queue = new ToastQueue()
    queue.show({ title: 'One' })
    queue.show({ title: 'Two' })
    queue.show({ title: 'Three' })
    expect(queue.visible().map((toast) => toast.title)).toEqual(['One'])

    vi.advanceTimersByTime(399)
    expect(queue.visible()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(queue.visible().map((toast) => toast.title)).toEqual(['One', 'Two'])
    vi.advanceTimersByTime(400)
    expect(queue.visible().map((toast) => toast.title)).toEqual(['One', 'Two', 'Three'])
  })

  it('can be dismissed early, shown or still waiting', () => {
    const queue = new ToastQueue()
    const first = queue.show({ title: 'One' })
    const second = queue.show({ title: 'Two' })
    queue.dismiss(second)
    queue.dismiss(first)
    vi.advanceTimersByTime(1000)
    expect(queue.visible()).toEqual([])
  })
})
