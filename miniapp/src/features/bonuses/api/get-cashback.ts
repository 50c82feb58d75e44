import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type Cashback = Schemas['Cashback']

/** `GET /game/bonuses/cashback`: this week's cashback in the active account's currency. */
function getCashback(signal?: AbortSignal): Promise<Cashback> {
  return apiRequest<Cashback>('/game/bonuses/cashback', { signal })
}

/** `['bonuses', 'cashback']`: follows the active account, so an account switch refreshes it. */
export function cashbackQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'cashback'],
    queryFn: ({ signal }) => getCashback(signal),
  })
}

export function useCashback() {
  return useQuery(cashbackQueryOptions())
}
