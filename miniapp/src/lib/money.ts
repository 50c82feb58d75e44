import { CRYPTO_SUB_UNIT_CURRENCIES, CRYPTO_SUB_UNIT_RATIO, EQUIVALENT_FRACTION_DIGITS } from '@/config/constants'
import { scaledToString } from '@/lib/decimal'

/**
 * Money display. Amounts are integer minor units (`number` must be a safe integer, or a `bigint`); all
 * arithmetic is BigInt, and only the final decimal string reaches `Intl.NumberFormat`, which formats
 * it exactly. Conversions to another currency (equivalents) are `lib/money-equivalent.ts`, which only the
 * screens that show them load.
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

/** `amount` as a BigInt; throws a RangeError unless it is integer minor units. */
export function toBigInt(amount: MinorUnits): bigint {
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

/** A cached `Intl.NumberFormat` of the options' locale and sign display. */
export function formatter(options: FormatMoneyOptions, format: Intl.NumberFormatOptions): Intl.NumberFormat {
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
export function currencyFormatter(options: FormatMoneyOptions, code: string, fractionDigits: number): Intl.NumberFormat | undefined {
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
