import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type Limit = Schemas['Limit']

/** Spec section 4, "Limit definitions": 3 is the deposit limit. */
const DEPOSIT_LIMIT_DEFINITION = 3

/** The player's deposit limits (`GET /player/limits`, definition 3), shown on the deposit tab. */
async function getDepositLimits(signal?: AbortSignal): Promise<Limit[]> {
  const limits = await apiList<Limit>('/player/limits', { signal })
  return limits.filter((limit) => limit.definition === DEPOSIT_LIMIT_DEFINITION)
}

export function depositLimitsQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'deposit-limits'],
    queryFn: ({ signal }) => getDepositLimits(signal),
  })
}

export function useDepositLimits() {
  return useQuery(depositLimitsQueryOptions())
}
