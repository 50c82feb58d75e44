import { describe, expect, it } from 'vitest'

import { formatDuration, nextReminderAt } from '@/features/limits/reality-check-timing'

const minute = 60_000

describe('nextReminderAt', () => {
  it('is the next whole interval after now, counted from the session’s start', () => {
    expect(nextReminderAt(0, 30, 0)).toBe(30 * minute)
    expect(nextReminderAt(0, 30, 50 * minute)).toBe(60 * minute)
    expect(nextReminderAt(0, 30, 60 * minute)).toBe(90 * minute)
    expect(nextReminderAt(1000, 15, 1000 + 14 * minute)).toBe(1000 + 15 * minute)
  })
})

describe('formatDuration', () => {
  it('reads as minutes and seconds, with hours past an hour', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(65_000)).toBe('1:05')
    expect(formatDuration(3_909_000)).toBe('1:05:09')
  })
})
