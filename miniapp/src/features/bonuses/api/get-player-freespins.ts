import { queryOptions, useQuery } from '@tanstack/react-query'

import { listedStatusFilter } from '@/features/bonuses/statuses'
import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { type Constants, constantsQueryOptions } from '@/lib/settings'

export type PlayerFreespin = Schemas['PlayerFreespin']

/** `GET /game/player-freespins?status=…`: the issued and active free-spin bundles, as the platform numbers those statuses. */
function getPlayerFreespins({ freeSpinStatuses }: Constants, signal?: AbortSignal): Promise<PlayerFreespin[]> {
  return apiList<PlayerFreespin>('/game/player-freespins', { query: { status: listedStatusFilter(freeSpinStatuses) }, signal })
}

/** The key starts with `['bonuses', 'player-freespins']`: the wallet refreshes it after an account switch. */
export function playerFreespinsQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'player-freespins'],
    queryFn: async ({ client, signal }) => getPlayerFreespins(await client.query(constantsQueryOptions()), signal),
  })
}

export function usePlayerFreespins(enabled = true) {
  return useQuery({ ...playerFreespinsQueryOptions(), enabled })
}
