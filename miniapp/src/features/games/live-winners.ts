import { useQueryClient, type QueryClient } from '@tanstack/react-query'

import { type Winner, winnersQueryOptions } from '@/features/games/api/get-winners'
import { writePublication } from '@/lib/live-cache'
import { gameSpinsChannel, useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'

/** As many wins as the platform lists. */
const WINNERS_LISTED = 20

/** A `game:spins#` publication's big win (the platform names it, masked, only when the spin is one) first in the latest wins. */
export function writeWinnerPublication(queryClient: QueryClient, data: unknown): void {
  const winner = (data as { winner?: Winner | null } | null)?.winner
  if (!winner) return
  writePublication<Winner[]>(queryClient, winnersQueryOptions().queryKey, (previous) =>
    previous ? [winner, ...previous.filter((held) => held.id !== winner.id)].slice(0, WINNERS_LISTED) : previous,
  )
}

/** The signed-in player's own big wins join the latest wins as they happen, not at the next poll. */
export function LiveWinners() {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const playerId = state.status === 'loggedIn' ? state.profileId : undefined
  useChannel(playerId === undefined ? undefined : gameSpinsChannel(playerId), (data) => {
    writeWinnerPublication(queryClient, data)
  })
  return null
}
