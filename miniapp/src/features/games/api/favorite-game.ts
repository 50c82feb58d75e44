import { useMutation, useQueryClient } from '@tanstack/react-query'

import { favoritesQueryOptions } from '@/features/games/api/get-favorites'
import { type GameDetails, gameQueryOptions } from '@/features/games/api/get-game'
import { apiRequest } from '@/lib/api-client'
import type { Game } from '@/lib/api-types'

/** `POST` adds, `DELETE` removes (`/game/games/{id}/favorite`, both idempotent 204s). */
async function setFavorite({ game, favorite }: { game: Game; favorite: boolean }): Promise<void> {
  await apiRequest<unknown>(`/game/games/${String(game.id)}/favorite`, { method: favorite ? 'POST' : 'DELETE' })
}

/** The favourites list with `game` in or out: added games go first, as the newest favourite. */
function withFavorite(list: readonly Game[], game: Game, favorite: boolean): Game[] {
  const rest = list.filter((other) => other.id !== game.id)
  return favorite ? [game, ...rest] : rest
}

interface Snapshot {
  favorites: Game[] | undefined
  details: [readonly unknown[], GameDetails | undefined][]
}

/**
 * Optimistic: the heart and the favourites list change at once; a refusal puts both back as they
 * were and the caller tells the player.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient()
  const favoritesKey = favoritesQueryOptions().queryKey
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ game, favorite }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: favoritesKey })
      const detailKeys = [gameQueryOptions(String(game.id)).queryKey, gameQueryOptions(game.identity).queryKey]
      const snapshot: Snapshot = {
        favorites: queryClient.getQueryData(favoritesKey),
        details: detailKeys.map((key) => [key, queryClient.getQueryData<GameDetails>(key)]),
      }
      queryClient.setQueryData(favoritesKey, (list) => (list ? withFavorite(list, game, favorite) : list))
      for (const key of detailKeys) {
        queryClient.setQueryData<GameDetails>(key, (details) => (details ? { ...details, isFavorite: favorite } : details))
      }
      return snapshot
    },
    onError: (_error, _variables, snapshot) => {
      if (!snapshot) return
      queryClient.setQueryData(favoritesKey, snapshot.favorites)
      for (const [key, details] of snapshot.details) queryClient.setQueryData(key, details)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKey }),
  })
}
