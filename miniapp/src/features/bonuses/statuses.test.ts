import { describe, expect, it } from 'vitest'

import { isListed, type RewardStatuses, wageringPercent, withUpdate } from '@/features/bonuses/statuses'

/** An operator whose platform numbers the statuses otherwise than the sandbox (1, 2, 3). */
const statuses: RewardStatuses = { issued: 2, active: 3, finished: 1 }
const STATUS_ISSUED = statuses.issued
const STATUS_ACTIVE = statuses.active
const STATUS_FINISHED = statuses.finished

const bonus = (id: number, status: number, amount = 100) => ({ id, status, amount })

describe('bonus lists', () => {
  it('keep issued and active items only, as the platform numbers them', () => {
    expect(isListed(bonus(1, STATUS_ISSUED), statuses)).toBe(true)
    expect(isListed(bonus(1, STATUS_ACTIVE), statuses)).toBe(true)
    expect(isListed(bonus(1, STATUS_FINISHED), statuses)).toBe(false)
  })

  it('replace an updated item in place and put a new one first', () => {
    const list = [bonus(1, STATUS_ISSUED), bonus(2, STATUS_ACTIVE)]
    expect(withUpdate(list, bonus(2, STATUS_ACTIVE, 50), statuses)).toEqual([bonus(1, STATUS_ISSUED), bonus(2, STATUS_ACTIVE, 50)])
    expect(withUpdate(list, bonus(3, STATUS_ISSUED), statuses)?.map((item) => item.id)).toEqual([3, 1, 2])
  })

  it('drop an item whose status moves elsewhere, and ignore a finished one it never held', () => {
    const list = [bonus(1, STATUS_ISSUED), bonus(2, STATUS_ACTIVE)]
    expect(withUpdate(list, bonus(1, STATUS_FINISHED), statuses)).toEqual([bonus(2, STATUS_ACTIVE)])
    expect(withUpdate(list, bonus(9, STATUS_FINISHED), statuses)).toEqual(list)
  })

  it('leave a list that has not loaded alone', () => {
    expect(withUpdate(undefined, bonus(1, STATUS_ISSUED), statuses)).toBeUndefined()
  })
})

describe('wageringPercent', () => {
  it('is whole percent, rounded down, capped at 100', () => {
    expect(wageringPercent(0, 1000)).toBe(0)
    expect(wageringPercent(333, 1000)).toBe(33)
    expect(wageringPercent(2000, 1000)).toBe(100)
    expect(wageringPercent(0, 0)).toBe(100)
    expect(wageringPercent(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(100)
  })
})
