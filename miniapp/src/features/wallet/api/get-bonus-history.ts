import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type PlayerBonus = Schemas['PlayerBonus']

/**
 * `GET /game/player-bonuses` with every status: the bonuses history. The platform answers the whole
 * list (it is not paged), so the history pages it on the client.
 */
function getBonusHistory(status: number | undefined, signal?: AbortSignal): Promise<PlayerBonus[]> {
  return apiList<PlayerBonus>('/game/player-bonuses', { query: { status }, signal })
}

/** Under `['bonuses', 'player-bonuses']`, so an account switch refreshes it with the other bonus lists. */
function bonusHistoryQueryOptions(status: number | undefined) {
  return queryOptions({
    queryKey: ['bonuses', 'player-bonuses', 'history', status ?? 'all'],
    queryFn: ({ signal }) => getBonusHistory(status, signal),
  })
}

/** `enabled: false` for a guest, who has no bonuses to ask for. */
export function useBonusHistory(status: number | undefined, enabled = true) {
  return useQuery({ ...bonusHistoryQueryOptions(status), enabled })
}
