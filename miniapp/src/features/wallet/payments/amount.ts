import { displayUnit, type MoneyCurrency } from '@/lib/money'

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
