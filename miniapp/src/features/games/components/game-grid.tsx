import { memo, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { useListing } from '@/features/games/api/get-listing'
import { FavoriteHeart, useFavoriteHearts } from '@/features/games/components/favorite-button'
import { type GameLinks, useGameLinks } from '@/features/games/components/game-links'
import { GameTile, GameTileSkeleton } from '@/features/games/components/game-tile'
import { type GridWindow, nextGridWindow } from '@/features/games/grid-window'
import type { ListingFilters } from '@/features/games/listing-path'
import type { Game } from '@/lib/api-types'
import { ApiError } from '@/lib/api-client'
import { t } from '@/lib/i18n'
import { LAZY_LOAD_MARGIN_PX } from '@/lib/near-viewport'

/** Spec section 9: the lazy-load margin; the next page is asked for this far before the end shows. */
const LAZY_LOAD_MARGIN = `${String(LAZY_LOAD_MARGIN_PX)}px 0px`

export const gridLayout = 'grid grid-cols-3 gap-3 px-4 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6'

/**
 * Renders only the rows of a uniform grid near the screen, as `nextGridWindow` decides (docs/performance.md: a
 * grid of 600 tiles, each with its artwork, heart and placeholder layer, costs the main thread hundreds of
 * milliseconds a frame in style, layout, layerising and intersection checks while scrolling on a
 * mid-range phone). Columns and row height are read from the grid's own layout, so its responsive
 * columns stay in CSS; until they are known (first render, no layout in tests) every tile is rendered.
 */
function useGridWindow(list: RefObject<HTMLUListElement | null>, count: number): GridWindow | undefined {
  const [gridWindow, setWindow] = useState<GridWindow>()
  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    /**
     * Columns, row height and where the grid starts in the document, read again only after something
     * changed size: reading them on every scrolled frame would force a style and layout pass per frame.
     */
    let layout: { columns: number; rowStride: number; documentTop: number } | undefined
    const readLayout = () => {
      const style = getComputedStyle(element)
      const columns = style.gridTemplateColumns.split(' ').filter((track) => track !== '').length
      const firstTile = element.querySelector('li')
      const rowStride = (firstTile?.getBoundingClientRect().height ?? 0) + (Number.parseFloat(style.rowGap) || 0)
      if (columns === 0 || rowStride <= 1) return undefined
      return { columns, rowStride, documentTop: element.getBoundingClientRect().top + window.scrollY }
    }
    let frame = 0
    const place = () => {
      frame = 0
      layout ??= readLayout()
      if (!layout) return
      const { columns, rowStride, documentTop } = layout
      // Rows are counted from the grid's top; those above the window are its top padding.
      const placement = { columns, rowStride, rows: Math.ceil(count / columns), top: documentTop - window.scrollY, viewportHeight: window.innerHeight }
      setWindow((previous) => nextGridWindow(previous, placement))
    }
    const schedule = () => {
      frame ||= requestAnimationFrame(place)
    }
    const relayout = () => {
      layout = undefined
      schedule()
    }
    // The grid's border box keeps its size as the window moves (padding stands in for the rows); the
    // page's body changes when anything above the grid does, or the viewport's width.
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(relayout)
    resizes?.observe(element, { box: 'border-box' })
    resizes?.observe(document.body)
    place()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', relayout)
    return () => {
      resizes?.disconnect()
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', relayout)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [list, count])
  return gridWindow
}

/**
 * One tile of the grid; kept as it is while the window moves, so only the rows coming into it render.
 * Its link's and heart's state come from the grid (`links`, `favorite`, `toggleFavorite`), so an entering
 * tile subscribes to nothing.
 */
const GridTile = memo(function GridTile({
  game,
  position,
  total,
  links,
  favorite,
  toggleFavorite,
}: {
  game: Game
  position: number
  total: number
  links: GameLinks
  favorite: boolean
  toggleFavorite: (game: Game) => void
}) {
  return (
    <li aria-posinset={position} aria-setsize={total}>
      <GameTile game={game} links={links} action={<FavoriteHeart game={game} favorite={favorite} onToggle={toggleFavorite} />} />
    </li>
  )
})

/** Games as a grid of tiles with their hearts; only the rows near the screen are in the page. */
export function GameGrid({ games, label }: { games: readonly Game[]; label: string }) {
  const list = useRef<HTMLUListElement>(null)
  const links = useGameLinks()
  const hearts = useFavoriteHearts()
  const grid = useGridWindow(list, games.length)
  const rows = grid ? Math.ceil(games.length / grid.columns) : 0
  const first = grid ? grid.firstRow * grid.columns : 0
  const last = grid ? Math.min(games.length, (grid.lastRow + 1) * grid.columns) : games.length
  // The rows outside the window are the grid's padding, so the page keeps its full height and scroll.
  const padding = grid ? { paddingTop: grid.firstRow * grid.rowStride, paddingBottom: Math.max(0, rows - 1 - grid.lastRow) * grid.rowStride } : undefined
  return (
    <ul ref={list} aria-label={label} className={gridLayout} style={padding} {...links.containerProps}>
      {games.slice(first, last).map((game, index) => (
        <GridTile
          key={game.id}
          game={game}
          position={first + index + 1}
          total={games.length}
          links={links}
          favorite={hearts.isFavorite(game.id)}
          toggleFavorite={hearts.toggle}
        />
      ))}
    </ul>
  )
}

/** `still` for the next page's tiles, which wait beyond the screen's edge (see `GameTileSkeleton`). */
export function GameGridSkeleton({ tiles = 12, still = false }: { tiles?: number; still?: boolean }) {
  return (
    <div className={gridLayout} aria-hidden="true">
      {Array.from({ length: tiles }, (_, index) => (
        <GameTileSkeleton key={index} still={still} />
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
      {/* The next page is asked for 400 px before the end shows, so its placeholder is usually below the
          screen: still, as a sweep nobody sees still costs every frame of the scroll. */}
      {listing.isFetchingNextPage ? <GameGridSkeleton tiles={6} still /> : null}
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
