import { queryOptions, useQuery } from '@tanstack/react-query'

import type { LoyaltyAccount } from '@/features/loyalty/progress'
import { apiRequest } from '@/lib/api-client'

/** `GET /retention/account`: points, the level held and the next one. */
function getLoyaltyAccount(signal?: AbortSignal): Promise<LoyaltyAccount> {
  return apiRequest<LoyaltyAccount>('/retention/account', { signal })
}

export function loyaltyAccountQueryOptions() {
  return queryOptions({
    queryKey: ['retention', 'account'],
    queryFn: ({ signal }) => getLoyaltyAccount(signal),
  })
}

export function useLoyaltyAccount(enabled = true) {
  return useQuery({ ...loyaltyAccountQueryOptions(), enabled })
}
