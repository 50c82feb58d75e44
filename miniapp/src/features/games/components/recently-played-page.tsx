import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'

import { StateMessage } from '@/components/ui/state-message'
import { type PlayedGame, usePlayed } from '@/features/games/api/get-played'
import { BackToGame } from '@/features/games/components/back-to-game'
import { useGameLinks } from '@/features/games/components/game-links'
import { GameTile, GameTileSkeleton } from '@/features/games/components/game-tile'
import { gridLayout } from '@/features/games/components/game-grid'
import { mergePlayed, type PlayedEntry, readPlayed } from '@/features/games/recently-played'
import { t } from '@/lib/i18n'
import { useSession } from '@/lib/session'

function fromPlatform(game: PlayedGame): PlayedEntry {
  const playedAt = Date.parse(game.lastPlayedAt)
  return {
    id: game.id,
    identity: game.identity,
    name: game.name,
    provider: game.provider.identity,
    image: game.images['1x1']['1x'],
    playedAt: Number.isFinite(playedAt) ? playedAt : 0,
  }
}

/** A stored entry as a tile: the list keeps the square artwork, which the tile shows for every density. */
function tileOf(entry: PlayedEntry) {
  const densities = { '1x': entry.image, '2x': entry.image, '3x': entry.image }
  return { id: entry.id, identity: entry.identity, name: entry.name, images: { '1x1': densities, '3x4': densities } }
}

/**
 * `/recently-played`: this device's list of the player (keyed by user id), merged with the platform's
 * played games once signed in; most recent first, each game once.
 */
export function RecentlyPlayedPage() {
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const userId = signedIn ? state.profileId : undefined
  const local = useMemo(() => readPlayed(userId), [userId])
  const played = usePlayed(signedIn)
  const links = useGameLinks()
  const games = mergePlayed(local, played.data?.map(fromPlatform) ?? [])

  let body
  if (games.length === 0 && signedIn && played.isPending) {
    body = (
      <div className={gridLayout} aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <GameTileSkeleton key={index} />
        ))}
      </div>
    )
  } else if (games.length === 0) {
    body = (
      <StateMessage
        role={played.isError ? 'alert' : 'status'}
        title={t('Nothing played yet')}
        description={played.isError ? t('Your played games did not load. Check your connection and try again.') : t('Games you open show here, the latest first.')}
        action={
          <Link to="/games" className="flex min-h-11 items-center justify-center rounded-xl bg-button px-5 text-sm font-semibold text-button-fg">
            {t('Browse games')}
          </Link>
        }
      />
    )
  } else {
    body = (
      <ul aria-label={t('Recently played')} className={gridLayout} {...links.containerProps}>
        {games.map((entry) => (
          <li key={`${entry.provider}/${entry.identity}`}>
            <GameTile game={tileOf(entry)} links={links} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className="flex flex-col gap-4 py-4">
      <h1 className="px-4 text-2xl font-bold text-fg">{t('Recently played')}</h1>
      <BackToGame />
      {played.isError && games.length > 0 ? (
        <p role="alert" className="px-4 text-sm text-hint">
          {t('Games played on other devices did not load; this list shows this device only.')}
        </p>
      ) : null}
      {body}
    </div>
  )
}
