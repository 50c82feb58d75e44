import { queryOptions, useQuery } from '@tanstack/react-query'

import { BONUS_STATUS_FILTER } from '@/config/constants'
import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type PlayerBonus = Schemas['PlayerBonus']

/** `GET /game/player-bonuses?status=1,2`: the issued and active bonuses (spec section 9, bonus status filter). */
function getPlayerBonuses(signal?: AbortSignal): Promise<PlayerBonus[]> {
  return apiList<PlayerBonus>('/game/player-bonuses', { query: { status: BONUS_STATUS_FILTER.join(',') }, signal })
}

/** The prefix of every bonuses query (lists, sums, cashback, codes, offers): what a missed publication may have changed. */
export const allBonusesQueryKey = ['bonuses'] as const

/** The key starts with `['bonuses', 'player-bonuses']`: the wallet refreshes it after an account switch. */
export function playerBonusesQueryOptions() {
  return queryOptions({
    queryKey: [...allBonusesQueryKey, 'player-bonuses'],
    queryFn: ({ signal }) => getPlayerBonuses(signal),
  })
}

export function usePlayerBonuses(enabled = true) {
  return useQuery({ ...playerBonusesQueryOptions(), enabled })
}
