import { describe, expect, it } from 'vitest'

import { displayUnit, formatMoney, type MoneyCurrency } from '@/lib/money'
import { baseEquivalent, equivalentIn, formatEquivalent, formatEquivalentIn } from '@/lib/money-equivalent'

const NBSP = '\u00a0'

function currency(code: string, overrides: Partial<MoneyCurrency> = {}): MoneyCurrency {
  return { code, type: 'fiat', subunitToUnit: 100, rate: { rate: '1' }, subCurrencies: [], ...overrides }
}

/** As the platform serves them: satoshi-like minor units, the 1000:1 display unit listed. */
const usd = currency('USD')
const eur = currency('EUR', { rate: { rate: '1.08' } })
const rub = currency('RUB', { rate: { rate: '0.011' } })
const brl = currency('BRL', { rate: { rate: '0.18' } })
const uzs = currency('UZS', { rate: { rate: '0.000079' } })
const btc = currency('BTC', {
  type: 'crypto',
  subunitToUnit: 100_000_000,
  rate: { rate: '95000' },
  subCurrencies: [{ code: 'mBTC', subunitToUnit: 100_000 }],
})
const eth = currency('ETH', {
  type: 'crypto',
  subunitToUnit: 100_000_000,
  rate: { rate: '3400' },
  subCurrencies: [{ code: 'mETH', subunitToUnit: 100_000 }],
})
const usdt = currency('USDT', { type: 'crypto', subunitToUnit: 1_000_000 })

describe('displayUnit', () => {
  it('shows BTC and ETH in their 1000:1 sub-unit', () => {
    expect(displayUnit(btc)).toEqual({ code: 'mBTC', subunitToUnit: 100_000 })
    expect(displayUnit(eth)).toEqual({ code: 'mETH', subunitToUnit: 100_000 })
  })

  it('derives the sub-unit when the server lists none', () => {
    expect(displayUnit({ ...btc, subCurrencies: [] })).toEqual({ code: 'mBTC', subunitToUnit: 100_000 })
  })

  it('keeps every other currency as it is, even one with sub-currencies', () => {
    expect(displayUnit(usdt)).toBe(usdt)
    const withCents = currency('EUR', { subCurrencies: [{ code: 'cEUR', subunitToUnit: 1 }] })
    expect(displayUnit(withCents)).toBe(withCents)
  })
})

describe('formatMoney', () => {
  it('formats fiat minor units with the locale and the currency symbol', () => {
    expect(formatMoney(123_456, usd, { locale: 'en' })).toBe('$1,234.56')
    expect(formatMoney(5, usd, { locale: 'en' })).toBe('$0.05')
    expect(formatMoney(-123_456_789, rub, { locale: 'ru' })).toBe(`-1${NBSP}234${NBSP}567,89${NBSP}₽`)
    expect(formatMoney(123_450, brl, { locale: 'pt-BR' })).toBe(`R$${NBSP}1.234,50`)
  })

  it('shows BTC in mBTC: 1 BTC is 1000 mBTC, keeping every significant satoshi', () => {
    expect(formatMoney(100_000_000, btc, { locale: 'en' })).toBe(`1,000.00${NBSP}mBTC`)
    expect(formatMoney(123_456_789, btc, { locale: 'en' })).toBe(`1,234.56789${NBSP}mBTC`)
    expect(formatMoney(1, btc, { locale: 'en' })).toBe(`0.00001${NBSP}mBTC`)
    expect(formatMoney(250_000, eth, { locale: 'es' })).toBe(`2,50${NBSP}mETH`)
  })

  it('shows other crypto in its own unit with its own precision', () => {
    expect(formatMoney(1_500_001, usdt, { locale: 'en' })).toBe(`1.500001${NBSP}USDT`)
  })

  it('marks the sign with a character, not only a colour', () => {
    expect(formatMoney(-500, usd, { locale: 'en' })).toBe('-$5.00')
    expect(formatMoney(500, usd, { locale: 'en', signDisplay: 'exceptZero' })).toBe('+$5.00')
    expect(formatMoney(0, usd, { locale: 'en', signDisplay: 'exceptZero' })).toBe('$0.00')
    expect(formatMoney(-100_000, btc, { locale: 'en', signDisplay: 'exceptZero' })).toBe(`-1.00${NBSP}mBTC`)
  })

  it('is exact beyond the float range when given a bigint', () => {
    expect(formatMoney(9_007_199_254_740_993n, usd, { locale: 'en' })).toBe('$90,071,992,547,409.93')
  })

  it('refuses amounts that are not integer minor units', () => {
    expect(() => formatMoney(12.5, usd, { locale: 'en' })).toThrow(RangeError)
    expect(() => formatMoney(2 ** 53, usd, { locale: 'en' })).toThrow(RangeError)
    expect(() => formatMoney(1, currency('XXX', { subunitToUnit: 60 }), { locale: 'en' })).toThrow(RangeError)
  })
})

describe('baseEquivalent', () => {
  it('converts with the exact decimal rate into hundredths of the base unit', () => {
    expect(baseEquivalent(100_000_000, btc)).toBe(9_500_000n)
    expect(baseEquivalent(12_345_678, btc)).toBe(1_172_839n) // 11728.3941 → 11728.39
    expect(baseEquivalent(10_000, eur)).toBe(10_800n)
    expect(baseEquivalent(100, uzs)).toBe(0n) // 0.000079 USD
    expect(baseEquivalent(1_000_000_000, uzs)).toBe(79_000n) // 10 million som
  })

  it('rounds half away from zero with no float drift', () => {
    // 1.005 in a 3-decimal currency: floats give 1.00499999..., which rounds the wrong way.
    const mills = currency('XTS', { subunitToUnit: 1000 })
    expect(baseEquivalent(1005, mills)).toBe(101n)
    expect(baseEquivalent(-1005, mills)).toBe(-101n)
    expect(baseEquivalent(1004, mills)).toBe(100n)
  })

  it('gives nothing for an unreadable or negative rate', () => {
    expect(baseEquivalent(100, currency('EUR', { rate: { rate: '1e3' } }))).toBeUndefined()
    expect(baseEquivalent(100, currency('EUR', { rate: { rate: '-1' } }))).toBeUndefined()
  })
})

describe('formatEquivalent', () => {
  it('formats the equivalent in the base currency with 2 decimals', () => {
    expect(formatEquivalent(12_345_678, btc, usd, { locale: 'en' })).toBe('$11,728.39')
    expect(formatEquivalent(100, uzs, usd, { locale: 'en' })).toBe('$0.00')
    expect(formatEquivalent(-10_000, eur, usd, { locale: 'en' })).toBe('-$108.00')
  })

  it('falls back to the code for a base currency Intl does not know', () => {
    expect(formatEquivalent(100_000_000, btc, { code: 'mUSD' }, { locale: 'en' })).toBe(`95,000.00${NBSP}mUSD`)
  })
})

describe('equivalentIn (the total in the equivalent currency)', () => {
  it('converts base minor units into hundredths of the display unit, BTC in mBTC', () => {
    expect(equivalentIn(10_800, usd, eur)).toBe(10_000n) // $108 = €100.00
    expect(equivalentIn(9_500_000, usd, btc)).toBe(100_000n) // $95,000 = 1 BTC = 1000.00 mBTC
    expect(equivalentIn(12_345, usd, usd)).toBe(12_345n)
  })

  it('rounds to 2 decimals, half away from zero, exactly', () => {
    expect(equivalentIn(1, usd, eur)).toBe(1n) // €0.00926 → €0.01
    const eight = currency('XTS', { rate: { rate: '8' } })
    expect(equivalentIn(4, usd, eight)).toBe(1n) // 0.005 → 0.01
    expect(equivalentIn(3, usd, eight)).toBe(0n) // 0.00375 → 0.00
    expect(equivalentIn(-4, usd, eight)).toBe(-1n)
  })

  it('gives nothing for a zero or unreadable rate', () => {
    expect(equivalentIn(100, usd, currency('EUR', { rate: { rate: '0' } }))).toBeUndefined()
    expect(equivalentIn(100, usd, currency('EUR', { rate: { rate: 'n/a' } }))).toBeUndefined()
  })

  it('formats fiat as a currency and crypto in its display unit, both with 2 decimals', () => {
    expect(formatEquivalentIn(10_800, usd, eur, { locale: 'en' })).toBe('€100.00')
    expect(formatEquivalentIn(1_234_567, usd, btc, { locale: 'en' })).toBe(`129.95${NBSP}mBTC`)
    expect(formatEquivalentIn(100_000_000, usd, usdt, { locale: 'en' })).toBe(`1,000,000.00${NBSP}USDT`)
  })
})
