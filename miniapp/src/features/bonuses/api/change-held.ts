import { useMutation, useQueryClient } from '@tanstack/react-query'

import { playerBonusesQueryOptions } from '@/features/bonuses/api/get-player-bonuses'
import { playerFreespinsQueryOptions } from '@/features/bonuses/api/get-player-freespins'
import { apiRequest } from '@/lib/api-client'

/** What a player holds and can activate or cancel: a bonus or a free-spin bundle. */
export type HeldKind = 'bonus' | 'freespin'
export type HeldAction = 'activate' | 'cancel'

interface HeldChange {
  kind: HeldKind
  id: number
  action: HeldAction
}

const PATHS: Record<HeldKind, string> = { bonus: '/game/player-bonuses', freespin: '/game/player-freespins' }

/** `PUT /game/player-bonuses/{id}/activate|cancel` (and the free-spin twins); the platform decides. */
function changeHeld({ kind, id, action }: HeldChange): Promise<unknown> {
  return apiRequest<unknown>(`${PATHS[kind]}/${String(id)}/${action}`, { method: 'PUT' })
}

/** The lists refresh from the platform's answer whatever it was: a refusal may mean the list is stale. */
export function useChangeHeld() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeHeld,
    onSettled: (_data, _error, change) =>
      queryClient.invalidateQueries({
        queryKey: change.kind === 'bonus' ? playerBonusesQueryOptions().queryKey : playerFreespinsQueryOptions().queryKey,
      }),
  })
}
