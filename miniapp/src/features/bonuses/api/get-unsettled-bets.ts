import { queryOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** `GET /game/bets?isSettled=false`: how many of the player's bets are still open (sportsbook bets wait for their events). */
async function getUnsettledBetCount(signal?: AbortSignal): Promise<number> {
  const page = await apiRequest<Schemas['Page_Bet']>('/game/bets', { query: { isSettled: false, page: 1, perPage: 1 }, signal })
  return page.meta.totalRows
}

export function unsettledBetsQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'unsettled-bets'],
    queryFn: ({ signal }) => getUnsettledBetCount(signal),
  })
}
