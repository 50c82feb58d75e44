import { describe, expect, it } from 'vitest'

import { isLevelUp, levelProgressPercent, type LoyaltyAccount } from '@/features/loyalty/progress'

const account = (points: number, current: [number, number] | null, next: number | null): LoyaltyAccount => ({
  points,
  currentLevel: current ? { name: 'Current', points: current[0], order: current[1] } : null,
  nextLevel: next === null ? null : { name: 'Next', points: next },
})

describe('loyalty progress', () => {
  it('is the share of the gap to the next level, rounded to 2 decimals', () => {
    expect(levelProgressPercent(account(150, [100, 2], 500))).toBe(12.5)
    expect(levelProgressPercent(account(101, [100, 2], 400))).toBe(0.33)
    expect(levelProgressPercent(account(0, [0, 1], 100))).toBe(0)
    expect(levelProgressPercent(account(200, [100, 2], 400))).toBe(33.33)
  })

  it('is 0 without an account and 100 at the top level', () => {
    expect(levelProgressPercent(undefined)).toBe(0)
    expect(levelProgressPercent(null)).toBe(0)
    expect(levelProgressPercent(account(0, null, 100))).toBe(0)
    expect(levelProgressPercent(account(12_000, [10_000, 5], null))).toBe(100)
  })

  it('a level-up is a higher order than before, not a first load', () => {
    expect(isLevelUp(account(90, [0, 1], 100), account(120, [100, 2], 500))).toBe(true)
    expect(isLevelUp(account(120, [100, 2], 500), account(130, [100, 2], 500))).toBe(false)
    expect(isLevelUp(undefined, account(130, [100, 2], 500))).toBe(false)
    expect(isLevelUp(null, account(130, [100, 2], 500))).toBe(false)
  })

  it('the first level, reached from an account that held none, is a level-up', () => {
    expect(isLevelUp(account(0, null, 100), account(120, [100, 1], 500))).toBe(true)
    expect(isLevelUp(account(0, null, 100), account(60, null, 100))).toBe(false)
  })
})
