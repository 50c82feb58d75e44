import { Link } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { useFavorites } from '@/features/games/api/get-favorites'
import { BackToGame } from '@/features/games/components/back-to-game'
import { GameGrid, GameGridSkeleton } from '@/features/games/components/game-grid'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

const primaryLink = 'flex min-h-11 items-center justify-center rounded-xl bg-button px-5 text-sm font-semibold text-button-fg'

/** `/favorites`: the signed-in player's favourite games; a guest is asked to sign in. */
export function FavoritesPage() {
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const favorites = useFavorites(signedIn)
  const modals = useModals()

  let body
  if (!signedIn) {
    body = (
      <StateMessage
        title={t('Sign in to see your favourites')}
        description={t('Tap the heart on any game to keep it here.')}
        action={<Button onClick={() => void modals.open('sign-in')}>{t('Sign in')}</Button>}
      />
    )
  } else if (favorites.isPending) {
    body = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {t('Loading games')}
        </p>
        <GameGridSkeleton tiles={6} />
      </div>
    )
  } else if (favorites.isError) {
    body = (
      <StateMessage
        role="alert"
        title={t('Your favourites did not load')}
        description={t('Check your connection and try again.')}
        action={<Button onClick={() => void favorites.refetch()}>{t('Retry')}</Button>}
      />
    )
  } else if (favorites.data.length === 0) {
    body = (
      <StateMessage
        title={t('No favourites yet')}
        description={t('Tap the heart on any game to keep it here.')}
        action={
          <Link to="/games" className={primaryLink}>
            {t('Browse games')}
          </Link>
        }
      />
    )
  } else {
    body = <GameGrid games={favorites.data} label={t('Favourites')} />
  }

  return (
    <div className="flex flex-col gap-4 py-4">
      <h1 className="px-4 text-2xl font-bold text-fg">{t('Favourites')}</h1>
      <BackToGame />
      {body}
    </div>
  )
}
