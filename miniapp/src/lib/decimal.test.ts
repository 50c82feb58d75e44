import { describe, expect, it } from 'vitest'

import { compareDecimals, divideRounded, parseDecimal, scaledToString } from '@/lib/decimal'

function decimal(text: string) {
  const value = parseDecimal(text)
  if (!value) throw new Error(`not a decimal: ${text}`)
  return value
}

describe('parseDecimal', () => {
  it('reads integers, fractions and signs exactly', () => {
    expect(parseDecimal('95000')).toEqual({ mantissa: 95000n, scale: 0 })
    expect(parseDecimal('0.000079')).toEqual({ mantissa: 79n, scale: 6 })
    expect(parseDecimal('-12.50')).toEqual({ mantissa: -1250n, scale: 2 })
    expect(parseDecimal('.5')).toEqual({ mantissa: 5n, scale: 1 })
    expect(parseDecimal('123456789012345678901234567890.1')?.mantissa).toBe(1234567890123456789012345678901n)
  })

  it('refuses anything that is not a plain decimal', () => {
    for (const text of ['', '.', '-', '1e5', '1.2.3', '0x10', 'abc', '1,5', 'Infinity']) {
      expect(parseDecimal(text), text).toBeUndefined()
    }
  })
})

describe('compareDecimals', () => {
  it('compares across scales without float rounding', () => {
    expect(compareDecimals(decimal('10'), decimal('10.00'))).toBe(0)
    expect(compareDecimals(decimal('9.9999999999999999999'), decimal('10'))).toBe(-1)
    expect(compareDecimals(decimal('-1'), decimal('-1.5'))).toBe(1)
  })
})

describe('divideRounded', () => {
  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 10n)).toBe(1n)
    expect(divideRounded(4n, 10n)).toBe(0n)
    expect(divideRounded(-5n, 10n)).toBe(-1n)
    expect(divideRounded(-4n, 10n)).toBe(0n)
    expect(divideRounded(15n, 10n)).toBe(2n)
  })
})

describe('scaledToString', () => {
  it('places the decimal point exactly', () => {
    expect(scaledToString(1234n, 2)).toBe('12.34')
    expect(scaledToString(5n, 3)).toBe('0.005')
    expect(scaledToString(-5n, 3)).toBe('-0.005')
    expect(scaledToString(42n, 0)).toBe('42')
  })
})
