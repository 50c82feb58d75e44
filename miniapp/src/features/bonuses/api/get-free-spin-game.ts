import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type GameDetails = Schemas['GameDetails']

/** `GET /game/games/{id}`: the game a free-spin bundle plays, for its link (public call). */
function getFreeSpinGame(gameId: number, signal?: AbortSignal): Promise<GameDetails> {
  return apiRequest<GameDetails>(`/game/games/${String(gameId)}`, { signal, auth: 'none' })
}

export function freeSpinGameQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: ['bonuses', 'free-spin-game', gameId],
    queryFn: ({ signal }) => getFreeSpinGame(gameId, signal),
    // A game that does not answer leaves its alert without a link (spec section 4); no retries for it.
    retry: false,
    staleTime: 5 * 60 * 1000,
  })
}

export function useFreeSpinGame(gameId: number) {
  return useQuery(freeSpinGameQueryOptions(gameId))
}
