import { describe, expect, it } from 'vitest'

import { formatTimeLeft, secondsUntil } from '@/lib/time-left'

describe('time left', () => {
  it('counts whole seconds to a moment, never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(secondsUntil('2026-01-01T00:01:30.900Z', now)).toBe(90)
    expect(secondsUntil('2025-12-31T00:00:00Z', now)).toBe(0)
    expect(secondsUntil(null, now)).toBeUndefined()
    expect(secondsUntil('not a date', now)).toBeUndefined()
  })

  it('shows the two largest units', () => {
    expect(formatTimeLeft(2 * 86_400 + 5 * 3600 + 7)).toBe('2d 5h')
    expect(formatTimeLeft(3 * 3600 + 12 * 60)).toBe('3h 12m')
    expect(formatTimeLeft(4 * 60 + 9)).toBe('4m 09s')
    expect(formatTimeLeft(0)).toBe('0m 00s')
  })
})
