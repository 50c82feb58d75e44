import { displayUnit, type MoneyCurrency, type MoneyUnit } from '@/lib/money'
import { maskNumber } from '@/lib/validation'

/**
 * The amount a player types, in the currency's display unit (mBTC for BTC, spec section 9), as integer
 * minor units of the currency: typed through the spec's number mask (locale separators, fraction digits
 * truncated to the unit's, no minus sign) and converted exactly, never through a float.
 */

/** Fraction digits of a unit whose `subunitToUnit` is a power of ten (100 → 2, 100000 → 5). */
export function unitFractionDigits(unit: MoneyUnit): number {
  return Math.max(0, String(unit.subunitToUnit).length - 1)
}

/** What the amount input shows and holds while the player types. */
export function maskAmount(input: string, currency: MoneyCurrency, locale: string) {
  return maskNumber(input, { locale, fractionDigits: unitFractionDigits(displayUnit(currency)), unsigned: true })
}

/** The canonical decimal (`"12.5"`, in the display unit) as minor units; undefined for an empty or unreadable value. */
export function amountToMinorUnits(value: string, currency: MoneyCurrency): bigint | undefined {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim())
  if (!match) return undefined
  const unit = displayUnit(currency)
  const digits = unitFractionDigits(unit)
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > digits) return undefined
  return BigInt(whole) * BigInt(unit.subunitToUnit) + BigInt(fraction.padEnd(digits, '0') || '0')
}

/** Minor units as the canonical decimal of the display unit (`150000` mBTC-minor → `"1.5"`), for filling the input. */
export function minorUnitsToAmount(minor: number | bigint, currency: MoneyCurrency): string {
  const unit = displayUnit(currency)
  const digits = unitFractionDigits(unit)
  const value = BigInt(minor)
  const scale = BigInt(unit.subunitToUnit)
  const whole = value / scale
  const fraction = (value % scale).toString().padStart(digits, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}
