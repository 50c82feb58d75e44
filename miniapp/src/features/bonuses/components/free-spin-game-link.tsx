import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { useFreeSpinGame } from '@/features/bonuses/api/get-free-spin-game'
import { t } from '@/lib/i18n'

/** "Play {game}" for a free-spin bundle; nothing while the game loads or when its lookup fails (spec section 4). */
export function FreeSpinGameLink({ gameId }: { gameId: number }) {
  const game = useFreeSpinGame(gameId)
  if (!game.data) return null
  return (
    <Link to="/game/$id" params={{ id: game.data.identity }} className={buttonClassName('primary')}>
      {t('Play {game}', { game: game.data.name })}
    </Link>
  )
}
