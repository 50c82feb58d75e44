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

export interface AmountBounds {
  /** The method's limits, minor units. */
  min: number
  max: number
  /** Withdrawals: the account's balance, minor units. */
  balance?: number | undefined
}

export type AmountProblem =
  | { kind: 'required' }
  | { kind: 'belowMinimum'; min: number }
  | { kind: 'aboveMaximum'; max: number }
  | { kind: 'aboveBalance'; balance: number }

/** Why an amount cannot be paid (in order: missing or zero, below the method, above the balance, above the method). */
export function amountProblem(amount: bigint | undefined, bounds: AmountBounds): AmountProblem | undefined {
  if (amount === undefined || amount <= 0n) return { kind: 'required' }
  if (amount < BigInt(bounds.min)) return { kind: 'belowMinimum', min: bounds.min }
  if (bounds.balance !== undefined && amount > BigInt(bounds.balance)) return { kind: 'aboveBalance', balance: bounds.balance }
  if (amount > BigInt(bounds.max)) return { kind: 'aboveMaximum', max: bounds.max }
  return undefined
}

const QUICK_AMOUNT_COUNT = 4

/**
 * Quick-amount chips for a method (the spec names no values): round amounts of the display unit
 * (1, 2, 5 × 10ⁿ) from the method's minimum, every other step so the chips spread (10, 50, 200, 1000),
 * within its maximum; minor units.
 */
export function quickAmounts(bounds: Pick<AmountBounds, 'min' | 'max'>, currency: MoneyCurrency): number[] {
  const unit = BigInt(displayUnit(currency).subunitToUnit)
  const min = BigInt(bounds.min)
  const max = BigInt(bounds.max)
  const round: bigint[] = []
  for (let power = 1n; round.length < 64 && power * unit <= max * 10n; power *= 10n) {
    for (const step of [1n, 2n, 5n]) {
      const amount = step * power * unit
      if (amount >= min && amount <= max) round.push(amount)
    }
  }
  // Amounts below one unit (a crypto minimum of 0.1 mBTC) come first when the unit itself is too large.
  if (round.length === 0 && min <= max) round.push(min)
  const spread = round.filter((_, index) => index % 2 === 0)
  return spread.slice(0, QUICK_AMOUNT_COUNT).map(Number)
}
