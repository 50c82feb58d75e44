import { formatIn } from '@/lib/money-in'
import { useCurrencies } from '@/lib/settings'

/** Formats minor units of a currency through the money module; a dash until the currencies are known. */
export function useMoney(): (amount: number, currency: string) => string {
  const currencies = useCurrencies()
  return (amount, currency) => formatIn(amount, currency, currencies.data) ?? '—'
}
