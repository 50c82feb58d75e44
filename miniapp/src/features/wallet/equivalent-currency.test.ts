import { afterEach, describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'

import {
  EQUIVALENT_CURRENCY_KEY,
  parseEquivalentCurrency,
  resolveEquivalentCurrency,
  useEquivalentPreference,
} from '@/features/wallet/equivalent-currency'
import { currencies } from '@/test/fixtures'

afterEach(() => {
  localStorage.clear()
})

describe('the equivalent currency', () => {
  it('reads only a currency code from storage', () => {
    expect(parseEquivalentCurrency('BTC')).toBe('BTC')
    expect(parseEquivalentCurrency(null)).toBe('')
    expect(parseEquivalentCurrency('<script>')).toBe('')
  })

  it('is the chosen currency while enabled, else the base currency', () => {
    expect(resolveEquivalentCurrency('BTC', currencies, 'USD')?.code).toBe('BTC')
    // EUR is disabled in the fixtures.
    expect(resolveEquivalentCurrency('EUR', currencies, 'USD')?.code).toBe('USD')
    expect(resolveEquivalentCurrency('', currencies, undefined)?.code).toBe('USD')
    expect(resolveEquivalentCurrency('BTC', undefined, 'USD')).toBeUndefined()
  })

  it('is kept in local storage, where a later visit (after signing in again) finds it', () => {
    const { result, unmount } = renderHook(() => useEquivalentPreference())
    expect(result.current[0]).toBe('')
    act(() => {
      result.current[1]('BTC')
    })
    expect(result.current[0]).toBe('BTC')
    expect(localStorage.getItem(EQUIVALENT_CURRENCY_KEY)).toBe('BTC')
    unmount()
    const again = renderHook(() => useEquivalentPreference())
    expect(again.result.current[0]).toBe('BTC')
  })
})
