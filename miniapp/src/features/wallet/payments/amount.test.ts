import { describe, expect, it } from 'vitest'

import { amountProblem, quickAmounts } from '@/features/wallet/payments/amount'
import { amountToMinorUnits, maskAmount, minorUnitsToAmount } from '@/lib/money-amount'
import type { MoneyCurrency } from '@/lib/money'

const usd: MoneyCurrency = { code: 'USD', type: 'fiat', subunitToUnit: 100, rate: { rate: '1' }, subCurrencies: [] }
const btc: MoneyCurrency = {
  code: 'BTC',
  type: 'crypto',
  subunitToUnit: 100_000_000,
  rate: { rate: '95000' },
  subCurrencies: [{ code: 'mBTC', subunitToUnit: 100_000 }],
}

describe('the amount mask', () => {
  it('formats by locale, truncates the unit’s fraction digits and refuses a minus', () => {
    expect(maskAmount('1234.567', usd, 'en')).toEqual({ display: '1,234.56', value: '1234.56' })
    expect(maskAmount('-12,5', usd, 'ru').value).toBe('12.5')
    expect(maskAmount('1.1234567', btc, 'en').value).toBe('1.12345')
  })

  it('converts to minor units exactly, in the display unit', () => {
    expect(amountToMinorUnits('1234.56', usd)).toBe(123456n)
    expect(amountToMinorUnits('0.1', usd)).toBe(10n)
    expect(amountToMinorUnits('1.5', btc)).toBe(150_000n)
    expect(amountToMinorUnits('', usd)).toBeUndefined()
    expect(amountToMinorUnits('1.234', usd)).toBeUndefined()
    expect(amountToMinorUnits('99999999999999999999.99', usd)).toBe(9_999_999_999_999_999_999_999n)
    expect(minorUnitsToAmount(150_000, btc)).toBe('1.5')
    expect(minorUnitsToAmount(1000, usd)).toBe('10')
    expect(minorUnitsToAmount(1005, usd)).toBe('10.05')
  })
})

describe('amount bounds', () => {
  const bounds = { min: 10_00, max: 5_000_00 }
  it('names the first broken bound', () => {
    expect(amountProblem(undefined, bounds)).toEqual({ kind: 'required' })
    expect(amountProblem(0n, bounds)).toEqual({ kind: 'required' })
    expect(amountProblem(9_99n, bounds)).toEqual({ kind: 'belowMinimum', min: 10_00 })
    expect(amountProblem(5_000_01n, bounds)).toEqual({ kind: 'aboveMaximum', max: 5_000_00 })
    expect(amountProblem(20_00n, { ...bounds, balance: 15_00 })).toEqual({ kind: 'aboveBalance', balance: 15_00 })
    expect(amountProblem(10_00n, bounds)).toBeUndefined()
    expect(amountProblem(5_000_00n, { ...bounds, balance: 5_000_00 })).toBeUndefined()
  })

  it('offers round quick amounts within the method', () => {
    expect(quickAmounts(bounds, usd)).toEqual([10_00, 50_00, 200_00, 1_000_00])
    expect(quickAmounts({ min: 10_000, max: 100_000_000 }, btc)).toEqual([100_000, 500_000, 2_000_000, 10_000_000])
    expect(quickAmounts({ min: 7_00, max: 9_00 }, usd)).toEqual([7_00])
  })
})
