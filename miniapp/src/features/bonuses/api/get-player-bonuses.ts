import { queryOptions, useQuery } from '@tanstack/react-query'

import { listedStatusFilter } from '@/features/bonuses/statuses'
import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { type Constants, constantsQueryOptions } from '@/lib/settings'

export type PlayerBonus = Schemas['PlayerBonus']

/**
 * `GET /game/player-bonuses?status=…`: the issued and active bonuses (spec section 9, bonus status filter),
 * as the platform numbers those statuses.
 */
function getPlayerBonuses({ bonusStatuses }: Constants, signal?: AbortSignal): Promise<PlayerBonus[]> {
  return apiList<PlayerBonus>('/game/player-bonuses', { query: { status: listedStatusFilter(bonusStatuses) }, signal })
}

/** The prefix of every bonuses query (lists, sums, cashback, codes, offers): what a missed publication may have changed. */
export const allBonusesQueryKey = ['bonuses'] as const

/** The key starts with `['bonuses', 'player-bonuses']`: the wallet refreshes it after an account switch. */
export function playerBonusesQueryOptions() {
  return queryOptions({
    queryKey: [...allBonusesQueryKey, 'player-bonuses'],
    queryFn: async ({ client, signal }) => getPlayerBonuses(await client.query(constantsQueryOptions()), signal),
  })
}

export function usePlayerBonuses(enabled = true) {
  return useQuery({ ...playerBonusesQueryOptions(), enabled })
}
