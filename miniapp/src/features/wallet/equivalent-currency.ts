import { useSyncExternalStore } from 'react'

import type { Currency } from '@/lib/api-types'
import { storedSetting } from '@/lib/stored-setting'

/**
 * The equivalent currency: the one the currency panel shows the total of every account in (spec
 * section 3: "an equivalent currency [is] held in settings; a saved equivalent currency is restored
 * after login"). It is kept in local storage, which signing out does not clear, so the next sign-in on
 * this device finds it again; every tab follows a change.
 */
export const EQUIVALENT_CURRENCY_KEY = 'equivalentCurrency'

const CODE = /^[A-Z][A-Z0-9]{1,9}$/

/** A stored code, or '' (none chosen: the base currency) for anything unreadable. */
export function parseEquivalentCurrency(raw: string | null): string {
  return raw !== null && CODE.test(raw) ? raw : ''
}

let setting: ReturnType<typeof storedSetting<string>> | undefined

function equivalentSetting() {
  setting ??= storedSetting(EQUIVALENT_CURRENCY_KEY, parseEquivalentCurrency)
  return setting
}

/** The player's stored choice ('' for none) and its setter. */
export function useEquivalentPreference(): [string, (code: string) => void] {
  const store = equivalentSetting()
  const code = useSyncExternalStore(store.subscribe, store.get, () => '')
  return [code, store.set]
}

/**
 * The currency to show the total in: the chosen one while it is still enabled, else the base currency
 * (the converted total's own), else nothing until the currencies load.
 */
export function resolveEquivalentCurrency(
  preference: string,
  currencies: readonly Currency[] | undefined,
  baseCode: string | undefined,
): Currency | undefined {
  const enabled = currencies?.filter((currency) => currency.isEnabled)
  return (
    enabled?.find((currency) => currency.code === preference) ??
    currencies?.find((currency) => currency.code === baseCode) ??
    currencies?.find((currency) => currency.isBase)
  )
}
