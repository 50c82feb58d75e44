import type { InvoiceStatuses } from '@/features/wallet/payments/invoice-machine'
import { activeAccount } from '@/lib/accounts'
import { useAccounts } from '@/lib/accounts'
import type { Account } from '@/lib/api-types'
import { LOCALE_TAGS, useI18n } from '@/lib/i18n'
import { scaledToString } from '@/lib/decimal'
import { formatMoney, type MinorUnits } from '@/lib/money'
import { type Currency, useConstants, useCurrencies } from '@/lib/settings'

export interface ActiveMoney {
  account: Account | undefined
  currency: Currency | undefined
  /** A BCP 47 tag of the player's language, for number masks and formatting. */
  locale: string
  /** Formats minor units of `code` (by default the active account's currency); the code alone while currencies load. */
  format: (amount: MinorUnits, code?: string) => string
  /** Minor units of `code` as a plain decimal of whole units (`0.0015`): what a wallet app asks for. */
  units: (amount: MinorUnits, code: string) => string
  isPending: boolean
  isError: boolean
  refetch: () => void
}

/** The active account, its currency and a money formatter in the player's language: what every wallet form starts from. */
export function useActiveMoney(): ActiveMoney {
  const accounts = useAccounts()
  const currencies = useCurrencies()
  const { locale } = useI18n()
  const tag = LOCALE_TAGS[locale]
  const account = activeAccount(accounts.data)
  const currencyOf = (code: string) => currencies.data?.find((candidate) => candidate.code === code)
  return {
    account,
    currency: account ? currencyOf(account.currency) : undefined,
    locale: tag,
    format: (amount, code = account?.currency ?? '') => {
      const currency = currencyOf(code)
      return currency ? formatMoney(amount, currency, { locale: tag }) : code
    },
    units: (amount, code) => {
      const digits = Math.max(0, String(currencyOf(code)?.subunitToUnit ?? 1).length - 1)
      const text = scaledToString(BigInt(amount), digits)
      return digits > 0 ? text.replace(/\.?0+$/, '') : text
    },
    isPending: accounts.isPending || currencies.isPending,
    isError: accounts.isError || currencies.isError,
    refetch: () => {
      void accounts.refetch()
      void currencies.refetch()
    },
  }
}

/**
 * What a payment form starts from: the active money and the platform's numbering of invoice statuses, which
 * load, fail and are retried together.
 */
export function usePaymentMoney(): ActiveMoney & { statuses: InvoiceStatuses | undefined } {
  const money = useActiveMoney()
  const constants = useConstants()
  return {
    ...money,
    statuses: constants.data?.invoiceStatuses,
    isPending: money.isPending || constants.isPending,
    isError: money.isError || constants.isError,
    refetch: () => {
      money.refetch()
      void constants.refetch()
    },
  }
}
