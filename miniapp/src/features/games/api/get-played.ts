import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type PlayedGame = Schemas['Page_PlayedGame']['data'][number]

/** The platform's side of the recently-played list: the player's launches, latest first. */
const PLAYED_PAGE_SIZE = 50

async function getPlayed(signal?: AbortSignal): Promise<PlayedGame[]> {
  const page = await apiRequest<Schemas['Page_PlayedGame']>('/game/games/played', {
    query: { page: 1, perPage: PLAYED_PAGE_SIZE },
    signal,
  })
  return page.data
}

export function playedQueryOptions() {
  return queryOptions({ queryKey: ['game', 'played'], queryFn: ({ signal }) => getPlayed(signal) })
}

export function usePlayed(enabled: boolean) {
  return useQuery({ ...playedQueryOptions(), enabled })
}
