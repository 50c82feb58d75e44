import { describe, expect, it } from 'vitest'

import { wageringPercent } from '@/features/wallet/wagering'

describe('wageringPercent', () => {
  it('is the whole percent wagered, rounded down and capped', () => {
    expect(wageringPercent(0, 30_000)).toBe(0)
    expect(wageringPercent(29_999, 30_000)).toBe(99)
    expect(wageringPercent(30_000, 30_000)).toBe(100)
    expect(wageringPercent(45_000, 30_000)).toBe(100)
    expect(wageringPercent(5, 0)).toBe(100)
  })
})
