import { type ReactNode, useEffect, useRef } from 'react'

import { Button } from '@/components/ui/button'
import { useListing } from '@/features/games/api/get-listing'
import { FavoriteButton } from '@/features/games/components/favorite-button'
import { GameTile, GameTileSkeleton } from '@/features/games/components/game-tile'
import type { ListingFilters } from '@/features/games/listing-path'
import type { Game } from '@/lib/api-types'
import { ApiError } from '@/lib/api-client'
import { t } from '@/lib/i18n'
import { LAZY_LOAD_MARGIN_PX } from '@/lib/near-viewport'

/** Spec section 9: the lazy-load margin; the next page is asked for this far before the end shows. */
export const LAZY_LOAD_MARGIN = `${String(LAZY_LOAD_MARGIN_PX)}px 0px`

export const gridLayout = 'grid grid-cols-3 gap-3 px-4 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6'

/** A tile that skips layout and paint while far off screen: a 600-game grid scrolls like a short one. */
const tileItem = '[content-visibility:auto] [contain-intrinsic-size:auto_220px]'

/** Games as a grid of tiles with their hearts. */
export function GameGrid({ games, label }: { games: readonly Game[]; label: string }) {
  return (
    <ul aria-label={label} className={gridLayout}>
      {games.map((game) => (
        <li key={game.id} className={tileItem}>
          <GameTile game={game} action={<FavoriteButton game={game} />} />
        </li>
      ))}
    </ul>
  )
}

export function GameGridSkeleton({ tiles = 12 }: { tiles?: number }) {
  return (
    <div className={gridLayout} aria-hidden="true">
      {Array.from({ length: tiles }, (_, index) => (
        <GameTileSkeleton key={index} />
      ))}
    </div>
  )
}

/** Calls `onNear` whenever the returned element comes within the lazy-load margin of the viewport. */
function useNearViewport(onNear: () => void, active: boolean) {
  const anchor = useRef<HTMLDivElement>(null)
  const latest = useRef(onNear)
  useEffect(() => {
    latest.current = onNear
  })
  useEffect(() => {
    const element = anchor.current
    if (!active || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: LAZY_LOAD_MARGIN },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [active])
  return anchor
}

/**
 * A filtered listing that loads page after page as the player scrolls, with tile-sized skeletons, an
 * empty state (`empty`), an unknown-filter state (`unknown`, the platform's 400 `unknown_*`) and an
 * error state with retry.
 */
export function InfiniteGameGrid({ filters, label, empty, unknown }: { filters: ListingFilters; label: string; empty: ReactNode; unknown: ReactNode }) {
  const listing = useListing(filters)
  const anchor = useNearViewport(() => {
    if (listing.hasNextPage && !listing.isFetchingNextPage && !listing.isError) void listing.fetchNextPage()
  }, listing.hasNextPage)

  if (listing.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {t('Loading games')}
        </p>
        <GameGridSkeleton />
      </div>
    )
  }
  if (listing.isError && listing.data === undefined) {
    if (listing.error instanceof ApiError && listing.error.status === 400) return unknown
    return (
      <div role="alert" className="mx-4 flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-3">
        <p className="text-sm text-hint">{t('These games did not load.')}</p>
        <Button variant="secondary" onClick={() => void listing.refetch()} disabled={listing.isFetching}>
          {t('Retry')}
        </Button>
      </div>
    )
  }
  const games = listing.data.pages.flatMap((page) => page.data)
  if (games.length === 0) return empty
  const total = listing.data.pages[0]?.meta.totalRows ?? games.length
  return (
    <div className="flex flex-col gap-4">
      <p className="px-4 text-sm text-hint" aria-live="polite">
        {t('{count} games', { count: String(total) })}
      </p>
      <GameGrid games={games} label={label} />
      {listing.isFetchingNextPage ? <GameGridSkeleton tiles={6} /> : null}
      {listing.isFetchNextPageError ? (
        <div role="alert" className="mx-4 flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-3">
          <p className="text-sm text-hint">{t('More games did not load.')}</p>
          <Button variant="secondary" onClick={() => void listing.fetchNextPage()}>
            {t('Retry')}
          </Button>
        </div>
      ) : null}
      {listing.hasNextPage && !listing.isFetchNextPageError ? (
        <div ref={anchor} className="flex justify-center px-4">
          {/* Keyboard and no-IntersectionObserver players load more by hand. */}
          <Button variant="secondary" onClick={() => void listing.fetchNextPage()} disabled={listing.isFetchingNextPage}>
            {t('Show more games')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
