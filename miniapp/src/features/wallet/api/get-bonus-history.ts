import { queryOptions, useQuery } from '@tanstack/react-query'

import type { BonusStatusFilter } from '@/features/wallet/history-search'
import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { type Constants, constantsQueryOptions } from '@/lib/settings'

type PlayerBonus = Schemas['PlayerBonus']

/**
 * `GET /game/player-bonuses` with every status: the bonuses history. The platform answers the whole
 * list (it is not paged), so the history pages it on the client. A status filter goes as the platform numbers it.
 */
function getBonusHistory({ bonusStatuses }: Constants, status: BonusStatusFilter | undefined, signal?: AbortSignal): Promise<PlayerBonus[]> {
  return apiList<PlayerBonus>('/game/player-bonuses', { query: { status: status === undefined ? undefined : bonusStatuses[status] }, signal })
}

/** Under `['bonuses', 'player-bonuses']`, so an account switch refreshes it with the other bonus lists. */
function bonusHistoryQueryOptions(status: BonusStatusFilter | undefined) {
  return queryOptions({
    queryKey: ['bonuses', 'player-bonuses', 'history', status ?? 'all'],
    queryFn: async ({ client, signal }) => getBonusHistory(await client.query(constantsQueryOptions()), status, signal),
  })
}

/** `enabled: false` for a guest, who has no bonuses to ask for. */
export function useBonusHistory(status: BonusStatusFilter | undefined, enabled = true) {
  return useQuery({ ...bonusHistoryQueryOptions(status), enabled })
}
