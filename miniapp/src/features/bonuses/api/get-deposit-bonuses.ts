import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type DepositBonus = Schemas['DepositBonus']

/** `GET /game/bonuses`: the deposit bonuses the player's next deposit can get, in the active account's currency. */
function getDepositBonuses(signal?: AbortSignal): Promise<DepositBonus[]> {
  return apiList<DepositBonus>('/game/bonuses', { signal })
}

/** `['bonuses', 'deposit-bonuses']`: follows the active account, so an account switch refreshes it. */
export function depositBonusesQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'deposit-bonuses'],
    queryFn: ({ signal }) => getDepositBonuses(signal),
  })
}

export function useDepositBonuses() {
  return useQuery(depositBonusesQueryOptions())
}
