/**
 * Exact decimal numbers for money and validation: a decimal string such as `"95000"`, `"-0.000079"` or
 * `"12.50"` becomes `mantissa / 10^scale` with a BigInt mantissa, so no arithmetic goes through floats.
 */
export interface Decimal {
  readonly mantissa: bigint
  readonly scale: number
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/

/** Parses a plain decimal string (optional sign, digits, optional fraction); undefined for anything else. */
export function parseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match) return undefined
  const [, sign = '', whole = '', fraction = ''] = match
  if (whole === '' && fraction === '') return undefined
  const digits = BigInt(`${whole}${fraction}` || '0')
  return { mantissa: sign === '-' ? -digits : digits, scale: fraction.length }
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`, exactly. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale)
  const left = a.mantissa * 10n ** BigInt(scale - a.scale)
  const right = b.mantissa * 10n ** BigInt(scale - b.scale)
  return left < right ? -1 : left > right ? 1 : 0
}

/** `numerator / denominator` rounded half away from zero; `denominator` must be positive. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  if (twice < denominator) return quotient
  return numerator < 0n ? quotient - 1n : quotient + 1n
}

/** The exact decimal string of `units / 10^fractionDigits`, with exactly `fractionDigits` decimals. */
export function scaledToString(units: bigint, fractionDigits: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(fractionDigits + 1, '0')
  const whole = digits.slice(0, digits.length - fractionDigits)
  const fraction = digits.slice(digits.length - fractionDigits)
  return `${negative ? '-' : ''}${whole}${fractionDigits > 0 ? `.${fraction}` : ''}`
}
