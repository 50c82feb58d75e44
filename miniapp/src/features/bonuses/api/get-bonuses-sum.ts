import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type BonusesSum = Schemas['BonusesSum']

/** `GET /game/player-bonuses/sum`: the running bonuses' total in the base currency. */
function getBonusesSum(signal?: AbortSignal): Promise<BonusesSum> {
  return apiRequest<BonusesSum>('/game/player-bonuses/sum', { signal })
}

/** Under `['bonuses', 'player-bonuses']`: whatever refreshes the bonuses refreshes their sum. */
export function bonusesSumQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'player-bonuses', 'sum'],
    queryFn: ({ signal }) => getBonusesSum(signal),
  })
}

export function useBonusesSum() {
  return useQuery(bonusesSumQueryOptions())
}
