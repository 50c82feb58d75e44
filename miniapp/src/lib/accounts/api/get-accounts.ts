import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Account } from '@/lib/api-types'

/** The signed-in player's wallet accounts. */
function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  return apiList<Account>('/wallet/accounts', { signal })
}

/** The player's accounts; `wallet:accounts#{id}` publications keep them current (`features/wallet/live-accounts.ts`). */
export function accountsQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'accounts'],
    queryFn: ({ signal }) => getAccounts(signal),
  })
}

export function useAccounts() {
  return useQuery(accountsQueryOptions())
}
