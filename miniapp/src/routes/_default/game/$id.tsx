import { createFileRoute } from '@tanstack/react-router'

import { pageNotFound, routeValidationFailed } from '@/app/not-found'
import { gameQueryOptions } from '@/features/games/api/get-game'
import { GamePage, GamePageSkeleton } from '@/features/games/components/game-page'
import { CasinoRouteError } from '@/features/games/components/route-error'
import { RealityCheckOnGame } from '@/features/limits/components/reality-check'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'

/** A game id or identity as the platform issues them; anything else is no game page. */
const GAME_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

export const Route = createFileRoute('/_default/game/$id')({
  // Everything, the loader included, in the page's own chunk: the home page's bundle carries none of it.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: async ({ context: { queryClient }, params, location }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found is thrown by design
    if (!GAME_ID.test(params.id)) throw routeValidationFailed(location.pathname)
    try {
      await queryClient.query({ ...gameQueryOptions(params.id), staleTime: 'static' })
    } catch (error) {
      // An unknown game is the spec's not-found page, not an error to retry.
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found is thrown by design
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw pageNotFound(location.pathname)
      throw error
    }
  },
  pendingComponent: GamePageSkeleton,
  errorComponent: CasinoRouteError,
  component: GameRoute,
})

function GameRoute() {
  const { id } = Route.useParams()
  const { state } = useSession()
  return (
    <>
      <GamePage id={id} />
      {state.status === 'loggedIn' ? <RealityCheckOnGame /> : null}
    </>
  )
}
