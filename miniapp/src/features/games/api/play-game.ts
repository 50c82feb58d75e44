import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type PlayRequest = Schemas['PlayRequest']
type Launch = Schemas['Launch']

/**
 * Starts a game session (spec section 7): real money from the active account, or demo. Refusals the
 * page explains: 451 geo (`game-geo-restricted`), 409 limits (`game-limit-reached`).
 */
function playGame({ id, ...body }: PlayRequest & { id: string }): Promise<Launch> {
  return apiRequest<Launch>(`/game/games/${encodeURIComponent(id)}/play`, { method: 'POST', body })
}

export function usePlayGame() {
  return useMutation({ mutationFn: playGame })
}
