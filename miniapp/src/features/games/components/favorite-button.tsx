import { Button } from '@/components/ui/button'
import { useFavorites } from '@/features/games/api/get-favorites'
import { useToggleFavorite } from '@/features/games/api/favorite-game'
import type { Game } from '@/lib/api-types'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { useSession } from '@/lib/session'
import { showToast } from '@/lib/toasts'

/**
 * The heart: adds or removes a favourite at once (optimistic), puts it back and says so when the
 * platform refuses. A guest's tap opens sign-in.
 */
export function FavoriteButton({ game, variant = 'overlay' }: { game: Game; variant?: 'overlay' | 'inline' }) {
  const signedIn = useSession().state.status === 'loggedIn'
  const favorites = useFavorites(signedIn)
  const toggle = useToggleFavorite()
  const modals = useModals()
  const favorite = favorites.data?.some((other) => other.id === game.id) ?? false
  const label = favorite ? t('Remove {name} from favourites', { name: game.name }) : t('Add {name} to favourites', { name: game.name })

  const onClick = () => {
    if (!signedIn) {
      void modals.open('sign-in')
      return
    }
    haptic('impact')
    toggle.mutate(
      { game, favorite: !favorite },
      {
        onError: () => {
          haptic('error')
          showToast({
            tone: 'error',
            title: favorite ? t('{name} is still a favourite', { name: game.name }) : t('{name} was not added to favourites', { name: game.name }),
            description: t('Check your connection and try again.'),
          })
        },
      },
    )
  }

  const heart = (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill={favorite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  )
  if (variant === 'inline') {
    return (
      <Button variant="secondary" aria-pressed={favorite} aria-label={label} onClick={onClick} disabled={signedIn && favorites.isPending}>
        <span className={favorite ? 'text-destructive' : ''}>{heart}</span>
        {favorite ? t('In favourites') : t('Add to favourites')}
      </Button>
    )
  }
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={label}
      onClick={onClick}
      className={`grid size-11 place-items-center rounded-full bg-bg/70 backdrop-blur ${favorite ? 'text-destructive' : 'text-fg'}`}
    >
      {heart}
    </button>
  )
}
