import { queryOptions, useQuery } from '@tanstack/react-query'

import { BONUS_STATUS_FILTER } from '@/config/constants'
import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type PlayerFreespin = Schemas['PlayerFreespin']

/** `GET /game/player-freespins?status=1,2`: the issued and active free-spin bundles. */
function getPlayerFreespins(signal?: AbortSignal): Promise<PlayerFreespin[]> {
  return apiList<PlayerFreespin>('/game/player-freespins', { query: { status: BONUS_STATUS_FILTER.join(',') }, signal })
}

/** The key starts with `['bonuses', 'player-freespins']`: the wallet refreshes it after an account switch. */
export function playerFreespinsQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'player-freespins'],
    queryFn: ({ signal }) => getPlayerFreespins(signal),
  })
}

export function usePlayerFreespins(enabled = true) {
  return useQuery({ ...playerFreespinsQueryOptions(), enabled })
}
