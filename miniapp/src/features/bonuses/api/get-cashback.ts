import { queryOptions, useQuery } from '@tanstack/react-query'

import { useActiveCurrency } from '@/lib/accounts'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type Cashback = Schemas['Cashback']

/** `GET /game/bonuses/cashback?currency=…`: this week's cashback in the active account's currency (spec section 7). */
function getCashback(currency: string | undefined, signal?: AbortSignal): Promise<Cashback> {
  return apiRequest<Cashback>('/game/bonuses/cashback', { query: currency === undefined ? {} : { currency }, signal })
}

/** Every currency's cashback: what a bonus change or an account switch refreshes. */
export const allCashbackQueryKey = ['bonuses', 'cashback'] as const

/** `['bonuses', 'cashback', currency]`: a switch to another currency is another week's figure. */
export function cashbackQueryOptions(currency: string | undefined) {
  return queryOptions({
    queryKey: [...allCashbackQueryKey, currency],
    queryFn: ({ signal }) => getCashback(currency, signal),
  })
}

/** The active account's cashback, once its currency is known. */
export function useCashback() {
  const currency = useActiveCurrency()
  return useQuery({ ...cashbackQueryOptions(currency), enabled: currency !== undefined })
}
