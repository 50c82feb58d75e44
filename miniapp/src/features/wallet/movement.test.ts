import { describe, expect, it } from 'vitest'

import { betMovement, bonusMovement, invoiceMovement, spinMovement } from '@/features/wallet/movement'

/** An operator whose platform numbers the statuses otherwise than the sandbox. */
const invoiceStatuses = { pending: 5, success: 6, failure: 7 }
const bonuses = {
  bonusStatuses: { issued: 7, active: 8, finished: 9 },
  bonusResults: { played: 12, canceled: 13, expired: 14, expiredByTime: 15 },
}

describe('invoiceMovement', () => {
  it('credits a successful deposit only', () => {
    expect(invoiceMovement({ type: 'deposit', status: 6, amount: 2500 }, invoiceStatuses)).toEqual({ amount: 2500n, tone: 'credit' })
    expect(invoiceMovement({ type: 'deposit', status: 5, amount: 2500 }, invoiceStatuses)).toEqual({ amount: 2500n, tone: 'neutral' })
    expect(invoiceMovement({ type: 'deposit', status: 7, amount: 2500 }, invoiceStatuses)).toEqual({ amount: 2500n, tone: 'neutral' })
  })

  it('debits a withdrawal from the moment it is held, unless it failed and came back', () => {
    expect(invoiceMovement({ type: 'withdrawal', status: 5, amount: 700 }, invoiceStatuses)).toEqual({ amount: -700n, tone: 'debit' })
    expect(invoiceMovement({ type: 'withdrawal', status: 6, amount: 700 }, invoiceStatuses)).toEqual({ amount: -700n, tone: 'debit' })
    expect(invoiceMovement({ type: 'withdrawal', status: 7, amount: 700 }, invoiceStatuses)).toEqual({ amount: 700n, tone: 'neutral' })
  })
})

describe('betMovement and spinMovement', () => {
  it('is the win less the stake once settled, the stake while open', () => {
    expect(betMovement({ amount: 100, win: 250, isSettled: true })).toEqual({ amount: 150n, tone: 'credit' })
    expect(betMovement({ amount: 100, win: 0, isSettled: true })).toEqual({ amount: -100n, tone: 'debit' })
    expect(betMovement({ amount: 100, win: 100, isSettled: true })).toEqual({ amount: 0n, tone: 'neutral' })
    expect(betMovement({ amount: 100, win: null, isSettled: false })).toEqual({ amount: -100n, tone: 'debit' })
    expect(spinMovement({ bet: 50, win: 0 })).toEqual({ amount: -50n, tone: 'debit' })
    expect(spinMovement({ bet: 50, win: 500 })).toEqual({ amount: 450n, tone: 'credit' })
  })
})

describe('bonusMovement', () => {
  it('credits a bonus played through, and only shows the others', () => {
    expect(bonusMovement({ amount: 1000, status: 9, result: 12 }, bonuses)).toEqual({ amount: 1000n, tone: 'credit' })
    expect(bonusMovement({ amount: 1000, status: 8, result: null }, bonuses)).toEqual({ amount: 1000n, tone: 'neutral' })
    expect(bonusMovement({ amount: 1000, status: 9, result: 14 }, bonuses)).toEqual({ amount: 1000n, tone: 'neutral' })
  })
})
