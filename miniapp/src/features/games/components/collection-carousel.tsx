import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { useGames } from '@/features/games/api/get-games'
import { useGameLinks } from '@/features/games/components/game-links'
import { GameTile, GameTileSkeleton } from '@/features/games/components/game-tile'
import type { GameCollection } from '@/lib/api-types'
import { t } from '@/lib/i18n'

/** How many games a home carousel shows; the full listing is the games lobby's job. */
const CAROUSEL_GAMES = 12

const SKELETON_TILES = 4

/**
 * Columns narrower than the row, so part of the next tile shows and players see there is more. The
 * skeleton row has the same padding, so it is as tall as the row of games that replaces it.
 */
const trackLayout =
  'grid grid-flow-col auto-cols-[29%] gap-3 px-4 pb-1 sm:auto-cols-[22%] md:auto-cols-[17%] lg:auto-cols-[13.5%]'

export function CollectionCarousel({ collection }: { collection: GameCollection }) {
  const games = useGames({ collection: collection.identity, page: 1, perPage: CAROUSEL_GAMES })
  const links = useGameLinks()
  const headingId = `collection-${collection.identity}`

  let body: ReactNode
  if (games.isPending) {
    body = <GamesRowSkeleton />
  } else if (games.isError) {
    body = (
      <div role="alert" className="mx-4 flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-3">
        <p className="text-sm text-hint">{t('These games did not load.')}</p>
        <Button variant="secondary" onClick={() => void games.refetch()} disabled={games.isFetching}>
          {t('Retry')}
        </Button>
      </div>
    )
  } else {
    body = (
      <ul
        aria-label={t('{name} games', { name: collection.name })}
        // Focusable so keyboard users can scroll it.
        tabIndex={0}
        className={`${trackLayout} snap-x snap-mandatory scroll-px-4 overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden`}
        {...links.containerProps}
      >
        {games.data.data.map((game) => (
          <li key={game.id} className="snap-start">
            <GameTile game={game} links={links} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section aria-labelledby={headingId} aria-busy={games.isPending} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3 px-4">
        <h2 id={headingId} className="text-lg font-bold text-fg">
          {collection.name}
        </h2>
        <Link
          to="/games/$"
          params={{ _splat: `collection-${collection.identity}` }}
          aria-label={t('See all {name} games', { name: collection.name })}
          className="flex min-h-11 items-center text-sm font-semibold text-accent"
        >
          {t('See all')}
        </Link>
      </div>
      {body}
    </section>
  )
}

/**
 * A carousel's shapes before its collection is known: a title bar and a row of tiles. `still` for a
 * carousel waiting far below the screen (it renders once it comes near): nobody sees it sweep, and every
 * sweeping shape is a compositor layer each frame of the start-up pays for (docs/performance.md).
 */
export function CollectionCarouselSkeleton({ still = false }: { still?: boolean }) {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {/* As tall as the title bar, whose "See all" link is a 44 px tap target. */}
      <div className="flex min-h-11 items-center px-4">
        <div className={`${still ? 'bg-section' : 'skeleton'} h-7 w-32 rounded-md`} />
      </div>
      <GamesRowSkeleton still={still} />
    </div>
  )
}

function GamesRowSkeleton({ still = false }: { still?: boolean }) {
  return (
    <div className={`${trackLayout} overflow-hidden`} aria-hidden="true">
      {Array.from({ length: SKELETON_TILES }, (_, index) => (
        <GameTileSkeleton key={index} still={still} />
      ))}
    </div>
  )
}
