import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** `GET /game/games/{id}`: the one game a spins task counts, for its link. */
function getQuestGame(gameId: number, signal?: AbortSignal): Promise<Schemas['GameDetails']> {
  return apiRequest<Schemas['GameDetails']>(`/game/games/${String(gameId)}`, { signal, auth: 'none' })
}

function questGameQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: ['retention', 'quest-game', gameId],
    queryFn: ({ signal }) => getQuestGame(gameId, signal),
  })
}

/** The task's game, or nothing while the task names none. */
export function useQuestGame(gameId: number | null | undefined) {
  return useQuery({ ...questGameQueryOptions(gameId ?? 0), enabled: gameId != null, retry: false })
}
