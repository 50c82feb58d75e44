import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type ConvertedAccounts = Schemas['ConvertedAccounts']

/** `GET /wallet/accounts/converted`: every account with its balance in the base currency, and `baseCurrencyTotalBalance`. */
export function getConvertedAccounts(signal?: AbortSignal): Promise<ConvertedAccounts> {
  return apiRequest<ConvertedAccounts>('/wallet/accounts/converted', { signal })
}

/** Under the accounts key, so whatever invalidates the accounts refreshes the converted total too. */
export function convertedAccountsQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'accounts', 'converted'],
    queryFn: ({ signal }) => getConvertedAccounts(signal),
  })
}

export function useConvertedAccounts() {
  return useQuery(convertedAccountsQueryOptions())
}
