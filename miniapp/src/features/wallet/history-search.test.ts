import { describe, expect, it } from 'vitest'

import {
  activeFilterCount,
  changeFilters,
  historyNarrowing,
  historySearch,
  isCalendarDay,
  matchesRowFilters,
  parseHistorySearch,
} from '@/features/wallet/history-search'

describe('parseHistorySearch', () => {
  it('defaults to the first page of transactions', () => {
    expect(parseHistorySearch({})).toEqual({ tab: 'transactions', page: 1 })
  })

  it('reads every filter the URL holds', () => {
    expect(
      parseHistorySearch({ tab: 'transactions', page: '3', from: '2026-11-01', to: '2026-11-20', type: 'deposit', status: 'success', currency: 'btc' }),
    ).toEqual({ tab: 'transactions', page: 3, from: '2026-11-01', to: '2026-11-20', type: 'deposit', status: 'success', currency: 'BTC' })
    expect(parseHistorySearch({ tab: 'bets', status: 'unsettled' })).toEqual({ tab: 'bets', page: 1, status: 'unsettled' })
  })

  it('drops what is malformed or belongs to another tab, never throwing', () => {
    expect(
      parseHistorySearch({ tab: 'loans', page: '-2', from: '2026-02-30', to: 'yesterday', type: 'refund', status: '2', currency: 'u$d' }),
    ).toEqual({ tab: 'transactions', page: 1 })
    expect(parseHistorySearch({ tab: 'bets', type: 'deposit', status: 'success' })).toEqual({ tab: 'bets', page: 1 })
    expect(parseHistorySearch({ tab: 'spins', status: 'settled' })).toEqual({ tab: 'spins', page: 1 })
    expect(parseHistorySearch({ page: '99999999999' }).page).toBe(1)
    expect(parseHistorySearch({ page: { evil: true }, tab: ['bets'] })).toEqual({ tab: 'transactions', page: 1 })
  })

  it('puts a backwards range the right way round', () => {
    expect(parseHistorySearch({ from: '2026-11-20', to: '2026-11-01' })).toMatchObject({ from: '2026-11-01', to: '2026-11-20' })
  })
})

describe('historySearch', () => {
  it('leaves defaults out and round-trips through the parser', () => {
    expect(historySearch({ tab: 'transactions', page: 1 })).toEqual({})
    const filters = parseHistorySearch({ tab: 'bonuses', page: '2', status: 'finished', currency: 'USD', from: '2026-01-01' })
    expect(historySearch(filters)).toEqual({ tab: 'bonuses', page: 2, status: 'finished', currency: 'USD', from: '2026-01-01' })
    expect(parseHistorySearch(historySearch(filters))).toEqual(filters)
  })
})

describe('changeFilters', () => {
  const filters = parseHistorySearch({ tab: 'transactions', page: '4', type: 'withdrawal', status: 'pending', currency: 'USD' })

  it('goes back to page 1 when a filter changes, and keeps the page when only it changes', () => {
    expect(changeFilters(filters, { status: 'success' })).toMatchObject({ page: 1, status: 'success', type: 'withdrawal' })
    expect(changeFilters(filters, { page: 5 })).toMatchObject({ page: 5, status: 'pending' })
  })

  it('clears a filter set to undefined', () => {
    expect(changeFilters(filters, { type: undefined })).not.toHaveProperty('type')
  })

  it("drops the old tab's type and status on another tab but keeps dates and currency", () => {
    expect(changeFilters(filters, { tab: 'bets' })).toEqual({ tab: 'bets', page: 1, currency: 'USD' })
  })
})

describe('row filters', () => {
  const row = { createdAt: new Date(2026, 10, 15, 12, 0).toISOString(), currency: 'USD' }

  it('narrows by local day (both ends inclusive) and currency', () => {
    const base = { tab: 'transactions' as const, page: 1 }
    expect(matchesRowFilters(row, base)).toBe(true)
    expect(matchesRowFilters(row, { ...base, from: '2026-11-15', to: '2026-11-15' })).toBe(true)
    expect(matchesRowFilters(row, { ...base, from: '2026-11-16' })).toBe(false)
    expect(matchesRowFilters(row, { ...base, to: '2026-11-14' })).toBe(false)
    expect(matchesRowFilters(row, { ...base, currency: 'BTC' })).toBe(false)
    expect(matchesRowFilters({ ...row, createdAt: 'garbage' }, { ...base, from: '2026-01-01' })).toBe(false)
  })

  it('counts the active filters', () => {
    expect(activeFilterCount(filters())).toBe(0)
    expect(activeFilterCount({ ...filters(), from: '2026-01-01', status: '1' })).toBe(2)
  })
})

describe('the narrowing the platform applies', () => {
  it('turns local calendar days into the instants they start and end, both days inclusive', () => {
    const narrowing = historyNarrowing({ ...filters(), from: '2026-11-01', to: '2026-11-15', currency: 'EUR' })
    expect(narrowing).toEqual({
      currency: 'EUR',
      createdFrom: new Date(2026, 10, 1).toISOString(),
      createdBefore: new Date(2026, 10, 16).toISOString(),
    })
    // The last day of a month and of a year roll over.
    expect(historyNarrowing({ ...filters(), to: '2026-12-31' }).createdBefore).toBe(new Date(2027, 0, 1).toISOString())
    expect(historyNarrowing({ ...filters(), status: '1' })).toEqual({})
  })
})

function filters() {
  return parseHistorySearch({})
}

describe('isCalendarDay', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('2026-13-01')).toBe(false)
    expect(isCalendarDay('0999-01-01')).toBe(false)
    expect(isCalendarDay('2026-1-01')).toBe(false)
  })
})
