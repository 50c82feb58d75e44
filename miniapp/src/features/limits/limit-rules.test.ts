import { describe, expect, it } from 'vitest'

import type { Limit } from '@/features/limits/api/limits'
import { groupLimits, isLoosening, otherCurrenciesCounted, usedPercent } from '@/features/limits/limit-rules'

const limit = (id: number, definition: number, period: string | null, amount: number | null = 1000): Limit => ({
  id,
  definition,
  period,
  amount,
  currency: amount === null ? null : 'USD',
  pendingRemoval: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
})

describe('groupLimits', () => {
  it('groups money limits by period in the spec’s order, deposit first, and keeps exclusions apart', () => {
    const grouped = groupLimits([limit(1, 1, 'monthly'), limit(2, 3, 'daily'), limit(3, 2, 'daily'), limit(4, 5, null, null), limit(5, 3, 'monthly')])
    expect(grouped.byPeriod.map((group) => [group.period, group.limits.map((item) => item.id)])).toEqual([
      ['daily', [2, 3]],
      ['monthly', [5, 1]],
    ])
    expect(grouped.exclusions.map((item) => item.id)).toEqual([4])
  })
})

describe('isLoosening', () => {
  const daily = { amount: 5000, period: 'daily' }
  it('is a higher amount or a longer period', () => {
    expect(isLoosening(daily, { amount: 6000, period: 'daily' })).toBe(true)
    expect(isLoosening(daily, { amount: 5000, period: 'weekly' })).toBe(true)
  })
  it('is not the same or stricter terms, which apply at once', () => {
    expect(isLoosening(daily, { amount: 5000, period: 'daily' })).toBe(false)
    expect(isLoosening(daily, { amount: 100, period: 'daily' })).toBe(false)
    expect(isLoosening({ amount: 5000, period: 'weekly' }, { amount: 5000, period: 'daily' })).toBe(false)
  })
})

describe('usedPercent', () => {
  it('is whole percent, capped at 100', () => {
    expect(usedPercent({ used: 2500, amount: 10_000 })).toBe(25)
    expect(usedPercent({ used: 12_000, amount: 10_000 })).toBe(100)
    expect(usedPercent({ used: null, amount: 10_000 })).toBe(0)
  })
})

describe('otherCurrenciesCounted', () => {
  it('names each of the player’s other currencies once: the platform converts their play into the limit’s', () => {
    expect(otherCurrenciesCounted(limit(1, 3, 'daily'), ['USD', 'EUR', 'BTC', 'EUR'])).toEqual(['EUR', 'BTC'])
  })
  it('is empty with one currency, and for breaks, which have no currency', () => {
    expect(otherCurrenciesCounted(limit(1, 1, 'daily'), ['USD'])).toEqual([])
    expect(otherCurrenciesCounted(limit(2, 4, null, null), ['USD', 'EUR'])).toEqual([])
  })
})
