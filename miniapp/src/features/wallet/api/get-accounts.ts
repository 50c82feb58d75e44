import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Account, ListResponse } from '@/lib/api-types'

/** The signed-in player's wallet accounts. */
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const response = await apiRequest<ListResponse<Account>>('/wallet/accounts', { signal })
  return response.data
}

/** The player's accounts; `wallet:accounts#{id}` publications keep them current (`features/wallet/realtime.ts`). */
export function accountsQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'accounts'],
    queryFn: ({ signal }) => getAccounts(signal),
  })
}

export function useAccounts() {
  return useQuery(accountsQueryOptions())
}
