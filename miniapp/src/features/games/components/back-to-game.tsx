import { Link } from '@tanstack/react-router'

import { readLastGame } from '@/features/games/last-game'
import { t } from '@/lib/i18n'
import { useSession } from '@/lib/session'

/** The way back to the last game viewed in this visit (spec section 2), on the casino's other pages. */
export function BackToGame() {
  const { state } = useSession()
  const game = readLastGame(state.status === 'loggedIn' && state.profileId !== undefined ? state.profileId : 'guest')
  if (!game) return null
  return (
    <Link
      to="/game/$id"
      params={{ id: game.identity }}
      className="mx-4 flex min-h-11 items-center gap-2 rounded-xl bg-section px-4 text-sm font-semibold text-fg"
    >
      <span aria-hidden="true">←</span>
      {t('Back to game: {name}', { name: game.name })}
    </Link>
  )
}
