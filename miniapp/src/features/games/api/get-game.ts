import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type GameDetails = Schemas['GameDetails']

/** A game by id or identity; `isFavorite` is the signed-in player's (public call, spec section 5). */
function getGame(id: string, signal?: AbortSignal): Promise<GameDetails> {
  return apiRequest<GameDetails>(`/game/games/${encodeURIComponent(id)}`, { signal })
}

export function gameQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['game', 'game', id],
    queryFn: ({ signal }) => getGame(id, signal),
    // A 404 is an answer, not a hiccup: the page shows it at once.
    retry: false,
  })
}

/** Reads a game the route loader has already ensured. */
export function useGame(id: string) {
  return useSuspenseQuery(gameQueryOptions(id))
}
