import type { Currency } from '@/lib/api-types'
import { currentLocale, LOCALE_TAGS } from '@/lib/i18n'
import { formatMoney, type FormatMoneyOptions, type MinorUnits } from '@/lib/money'

/**
 * `amount` minor units of the currency `code`, formatted for the current locale through the money module
 * (BTC and ETH in their 1000:1 sub-unit); undefined until the currencies are known, or for a currency
 * the platform does not list (its minor units cannot be read without it).
 */
export function formatIn(
  amount: MinorUnits,
  code: string,
  currencies: readonly Currency[] | undefined,
  signDisplay?: FormatMoneyOptions['signDisplay'],
): string | undefined {
  const currency = currencies?.find((candidate) => candidate.code === code)
  if (!currency) return undefined
  return formatMoney(amount, currency, { locale: LOCALE_TAGS[currentLocale()], ...(signDisplay ? { signDisplay } : {}) })
}
