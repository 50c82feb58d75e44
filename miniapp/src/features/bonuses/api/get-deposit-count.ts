import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** `GET /payment/invoices/statistics`: how many successful deposits the player has made. */
async function getDepositCount(signal?: AbortSignal): Promise<number> {
  const statistics = await apiRequest<Schemas['Statistics']>('/payment/invoices/statistics', { signal })
  return statistics.depositsCount
}

function depositCountQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'deposit-count'],
    queryFn: ({ signal }) => getDepositCount(signal),
  })
}

export function useDepositCount(enabled: boolean) {
  return useQuery({ ...depositCountQueryOptions(), enabled })
}
