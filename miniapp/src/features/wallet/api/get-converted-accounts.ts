import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type ConvertedAccounts = Schemas['ConvertedAccounts']

/** `GET /wallet/accounts/converted`: every account with its balance in the base currency, and `baseCurrencyTotalBalance`. */
function getConvertedAccounts(signal?: AbortSignal): Promise<ConvertedAccounts> {
  return apiRequest<ConvertedAccounts>('/wallet/accounts/converted', { signal })
}

/**
 * Under the accounts key, so whatever invalidates the accounts refreshes the converted total too.
 * `balances` (any string that changes with the balances, e.g. `balancesKey` of the accounts) makes a
 * balance change, live or not, fetch the total again; the previous total stays shown meanwhile.
 */
export function convertedAccountsQueryOptions(balances = '') {
  return queryOptions({
    queryKey: ['wallet', 'accounts', 'converted', balances],
    queryFn: ({ signal }) => getConvertedAccounts(signal),
    placeholderData: keepPreviousData,
  })
}

export function useConvertedAccounts(balances: string) {
  return useQuery(convertedAccountsQueryOptions(balances))
}

/** What changes whenever any balance or the set of accounts does. */
export function balancesKey(accounts: readonly { id: number; balance: number; status: number }[]): string {
  return accounts.map((account) => `${String(account.id)}:${String(account.balance)}:${String(account.status)}`).join(',')
}
