import { EQUIVALENT_FRACTION_DIGITS } from '@/config/constants'
import { divideRounded, parseDecimal, scaledToString } from '@/lib/decimal'
import {
  currencyFormatter,
  displayUnit,
  type FormatMoneyOptions,
  formatter,
  type MinorUnits,
  type MoneyCurrency,
  type MoneyUnit,
  toBigInt,
} from '@/lib/money'

/**
 * Equivalents: money of one currency expressed in another with the exact decimal rates, rounded to the
 * spec's 2 decimals ("Equivalent balance: rounded to 2 decimals"). Apart from `lib/money` so the home
 * page's first JavaScript, which formats the header's balance, does not carry it.
 */

/**
 * `amount` minor units of `currency` converted to the base currency with its exact decimal rate, in
 * hundredths of a base unit (rounded half away from zero); undefined when the rate is unreadable.
 */
export function baseEquivalent(amount: MinorUnits, currency: MoneyCurrency): bigint | undefined {
  const rate = parseDecimal(currency.rate.rate)
  if (!rate || rate.mantissa < 0n) return undefined
  const numerator = toBigInt(amount) * rate.mantissa * 10n ** BigInt(EQUIVALENT_FRACTION_DIGITS)
  const denominator = BigInt(currency.subunitToUnit) * 10n ** BigInt(rate.scale)
  return divideRounded(numerator, denominator)
}

/** The base-currency equivalent of `amount`, rounded to 2 decimals, e.g. `$11,728.39`. */
export function formatEquivalent(
  amount: MinorUnits,
  currency: MoneyCurrency,
  base: Pick<MoneyCurrency, 'code'>,
  options: FormatMoneyOptions,
): string | undefined {
  const hundredths = baseEquivalent(amount, currency)
  return hundredths === undefined ? undefined : formatHundredths(hundredths, base.code, true, options)
}

/**
 * `amount` minor units of the base currency (`base`: its unit) expressed in `target`, in hundredths of
 * `target`'s display unit (mBTC for BTC), rounded half away from zero: the spec's equivalent balance,
 * "rounded to 2 decimals". Undefined when `target`'s rate is unreadable or zero.
 */
export function equivalentIn(amount: MinorUnits, base: MoneyUnit, target: MoneyCurrency): bigint | undefined {
  const rate = parseDecimal(target.rate.rate)
  if (!rate || rate.mantissa <= 0n) return undefined
  const unit = displayUnit(target)
  // base units = amount / base.subunitToUnit; target units = base units / rate;
  // display units = target units * target.subunitToUnit / unit.subunitToUnit.
  const numerator =
    toBigInt(amount) * 10n ** BigInt(rate.scale) * 10n ** BigInt(EQUIVALENT_FRACTION_DIGITS) * BigInt(target.subunitToUnit)
  const denominator = BigInt(base.subunitToUnit) * rate.mantissa * BigInt(unit.subunitToUnit)
  return divideRounded(numerator, denominator)
}

/** `amount` minor units of the base currency shown in `target` with 2 decimals, e.g. `€1,234.57`, `18.99 mBTC`. */
export function formatEquivalentIn(
  amount: MinorUnits,
  base: MoneyUnit,
  target: MoneyCurrency,
  options: FormatMoneyOptions,
): string | undefined {
  const hundredths = equivalentIn(amount, base, target)
  if (hundredths === undefined) return undefined
  const unit = displayUnit(target)
  return formatHundredths(hundredths, unit.code, target.type === 'fiat' && unit === target, options)
}

/** Hundredths of `code` with 2 decimals: as a currency when `asCurrency` and Intl knows the code, else the number and the code. */
function formatHundredths(hundredths: bigint, code: string, asCurrency: boolean, options: FormatMoneyOptions): string {
  const value = scaledToString(hundredths, EQUIVALENT_FRACTION_DIGITS) as Intl.StringNumericLiteral
  const currencyStyle = asCurrency ? currencyFormatter(options, code, EQUIVALENT_FRACTION_DIGITS) : undefined
  if (currencyStyle) return currencyStyle.format(value)
  const number = formatter(options, {
    minimumFractionDigits: EQUIVALENT_FRACTION_DIGITS,
    maximumFractionDigits: EQUIVALENT_FRACTION_DIGITS,
  }).format(value)
  return `${number}\u00a0${code}`
}
