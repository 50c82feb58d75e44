import { useCallback, useEffect, useMemo, useRef } from 'react'

import { Button } from '@/components/ui/button'
import { useFavorites } from '@/features/games/api/get-favorites'
import { useToggleFavorite } from '@/features/games/api/favorite-game'
import type { Game } from '@/lib/api-types'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { useSession } from '@/lib/session'
import { showToast } from '@/lib/toasts'

export interface FavoriteHearts {
  isFavorite: (gameId: number) => boolean
  /** Adds or removes `game` (a guest is asked to sign in); stable across renders. */
  toggle: (game: Game) => void
  /** The signed-in player's favourites are still loading. */
  loading: boolean
}

/**
 * The hearts' state for a whole list: one favourites query observer and one mutation for every heart
 * in it, instead of one of each per heart (in the windowed listing, each entering tile would otherwise
 * subscribe anew). A toggle is optimistic (`useToggleFavorite`); a refusal puts the heart
 * back and says so; a guest's tap opens sign-in.
 */
export function useFavoriteHearts(): FavoriteHearts {
  const signedIn = useSession().state.status === 'loggedIn'
  const favorites = useFavorites(signedIn)
  const { mutateAsync } = useToggleFavorite()
  const modals = useModals()
  const ids = useMemo(() => new Set(favorites.data?.map((game) => game.id)), [favorites.data])
  // `toggle` reads the latest state through a ref, so it never changes and memoised tiles keep theirs.
  const latest = useRef({ signedIn, ids, modals, mutateAsync })
  useEffect(() => {
    latest.current = { signedIn, ids, modals, mutateAsync }
  })
  const toggle = useCallback((game: Game) => {
    const current = latest.current
    if (!current.signedIn) {
      void current.modals.open('sign-in')
      return
    }
    const favorite = current.ids.has(game.id)
    haptic('impact')
    // Each toggle's own promise: with one mutation for many hearts, `mutate`'s callbacks would only
    // report the latest toggle's failure.
    current.mutateAsync({ game, favorite: !favorite }).catch(() => {
      haptic('error')
      showToast({
        tone: 'error',
        title: favorite ? t('{name} is still a favourite', { name: game.name }) : t('{name} was not added to favourites', { name: game.name }),
        description: t('Check your connection and try again.'),
      })
    })
  }, [])
  const isFavorite = useCallback((gameId: number) => ids.has(gameId), [ids])
  return { isFavorite, toggle, loading: signedIn && favorites.isPending }
}

/** The heart of one game, drawn from a list's `useFavoriteHearts`. */
export function FavoriteHeart({
  game,
  favorite,
  onToggle,
  variant = 'overlay',
  disabled = false,
}: {
  game: Game
  favorite: boolean
  onToggle: (game: Game) => void
  variant?: 'overlay' | 'inline'
  disabled?: boolean
}) {
  const label = favorite ? t('Remove {name} from favourites', { name: game.name }) : t('Add {name} to favourites', { name: game.name })
  const onClick = () => {
    onToggle(game)
  }
  const heart = (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill={favorite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  )
  if (variant === 'inline') {
    return (
      <Button variant="secondary" aria-pressed={favorite} aria-label={label} onClick={onClick} disabled={disabled}>
        <span className={favorite ? 'text-destructive' : ''}>{heart}</span>
        {favorite ? t('In favourites') : t('Add to favourites')}
      </Button>
    )
  }
  // A plain translucent disc, not a blurred backdrop: a backdrop filter is drawn again for every frame a
  // tile moves, and a scrolled grid has a heart on each of its tiles.
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={label}
      onClick={onClick}
      className={`grid size-11 place-items-center rounded-full bg-bg/80 ${favorite ? 'text-destructive' : 'text-fg'}`}
    >
      {heart}
    </button>
  )
}

/** A single heart with its own state (the game page's). */
export function FavoriteButton({ game, variant = 'overlay' }: { game: Game; variant?: 'overlay' | 'inline' }) {
  const hearts = useFavoriteHearts()
  return <FavoriteHeart game={game} favorite={hearts.isFavorite(game.id)} onToggle={hearts.toggle} variant={variant} disabled={hearts.loading} />
}
