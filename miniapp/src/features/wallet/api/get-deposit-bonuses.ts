import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type DepositBonus = Schemas['DepositBonus']

/** The deposit bonuses the player's next deposit can get in `currency`; with `amount` (minor units), only those it reaches. */
function getDepositBonuses(currency: string, amount: number | undefined, signal?: AbortSignal): Promise<DepositBonus[]> {
  return apiList<DepositBonus>('/game/bonuses', { query: { currency, amount }, signal })
}

/** The offers for every currency and amount (a prefix of `depositBonusesQueryOptions(...).queryKey`). */
export const allDepositBonusesQueryKey = ['wallet', 'deposit-bonuses'] as const

function depositBonusesQueryOptions(currency: string, amount?: number) {
  return queryOptions({
    queryKey: [...allDepositBonusesQueryKey, currency, amount ?? null],
    queryFn: ({ signal }) => getDepositBonuses(currency, amount, signal),
  })
}

/** Keeps the previous answer while the amount changes, so the offers do not flicker as the player types. */
export function useDepositBonuses(currency: string, amount: number | undefined) {
  return useQuery({ ...depositBonusesQueryOptions(currency, amount), placeholderData: keepPreviousData })
}
