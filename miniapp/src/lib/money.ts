import { CRYPTO_SUB_UNIT_CURRENCIES, CRYPTO_SUB_UNIT_RATIO, EQUIVALENT_FRACTION_DIGITS } from '@/config/constants'
import { divideRounded, parseDecimal, scaledToString } from '@/lib/decimal'

/**
 * Money display. Amounts are integer minor units (`number` must be a safe integer, or a `bigint`); all
 * arithmetic is BigInt, and only the final decimal string reaches `Intl.NumberFormat`, which formats
 * it exactly.
 */

/** A unit money can be shown in: a currency or one of its sub-currencies (mBTC). */
export interface MoneyUnit {
  code: string
  /** Minor units per one of this unit; a power of ten. */
  subunitToUnit: number
}

/** The parts of a currency from `GET /settings/currencies` that display needs. */
export interface MoneyCurrency extends MoneyUnit {
  /** `fiat` or `crypto`, as the platform's currencies say. */
  type: string
  /** The value of one unit in the base currency, as an exact decimal string. */
  rate: { rate: string }
  subCurrencies: readonly MoneyUnit[]
}

export type MinorUnits = number | bigint

export interface FormatMoneyOptions {
  /** A BCP 47 locale, e.g. `en`, `pt-BR`. */
  locale: string
  /** `auto` marks negatives with a minus; `exceptZero` also marks positives with a plus (movements). */
  signDisplay?: 'auto' | 'exceptZero'
}

/** The unit a currency is shown in: BTC and ETH in their 1000:1 sub-unit (mBTC, mETH), others as is. */
export function displayUnit(currency: MoneyCurrency): MoneyUnit {
  if (!CRYPTO_SUB_UNIT_CURRENCIES.includes(currency.code)) return currency
  const subunitToUnit = currency.subunitToUnit / CRYPTO_SUB_UNIT_RATIO
  const listed = currency.subCurrencies.find((sub) => sub.subunitToUnit === subunitToUnit)
  if (listed) return listed
  // A currency without its sub-unit listed still shows in it, as long as the ratio divides evenly.
  return Number.isInteger(subunitToUnit) ? { code: `m${currency.code}`, subunitToUnit } : currency
}

/** Formats `amount` minor units of `currency` in its display unit, e.g. `$1,234.56`, `12.5 mBTC`. */
export function formatMoney(amount: MinorUnits, currency: MoneyCurrency, options: FormatMoneyOptions): string {
  const unit = displayUnit(currency)
  const fractionDigits = fractionDigitsOf(unit.subunitToUnit)
  const value = scaledToString(toBigInt(amount), fractionDigits) as Intl.StringNumericLiteral
  if (currency.type === 'fiat' && unit === currency) {
    const asCurrency = currencyFormatter(options, currency.code, fractionDigits)
    if (asCurrency) return asCurrency.format(value)
  }
  // Crypto codes and sub-units are no ISO 4217 currencies: the number, then the unit's code.
  const number = formatter(options, {
    minimumFractionDigits: Math.min(EQUIVALENT_FRACTION_DIGITS, fractionDigits),
    maximumFractionDigits: fractionDigits,
  }).format(value)
  return `${number}\u00a0${unit.code}`
}

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

function toBigInt(amount: MinorUnits): bigint {
  if (typeof amount === 'bigint') return amount
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money amounts are integer minor units, got ${amount}`)
  return BigInt(amount)
}

function fractionDigitsOf(subunitToUnit: number): number {
  const digits = String(subunitToUnit).length - 1
  if (!Number.isSafeInteger(subunitToUnit) || subunitToUnit !== 10 ** digits) {
    throw new RangeError(`subunitToUnit must be a power of ten, got ${subunitToUnit}`)
  }
  return digits
}

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(options: FormatMoneyOptions, format: Intl.NumberFormatOptions): Intl.NumberFormat {
  const resolved: Intl.NumberFormatOptions = { ...format, signDisplay: options.signDisplay ?? 'auto' }
  const key = `${options.locale}|${JSON.stringify(resolved)}`
  let cached = formatters.get(key)
  if (!cached) {
    cached = new Intl.NumberFormat(options.locale, resolved)
    formatters.set(key, cached)
  }
  return cached
}

/** A currency-style formatter, or undefined when `code` is no currency code Intl accepts. */
function currencyFormatter(options: FormatMoneyOptions, code: string, fractionDigits: number): Intl.NumberFormat | undefined {
  try {
    return formatter(options, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    })
  } catch {
    return undefined
  }
}
