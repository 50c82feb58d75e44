import type { ReactNode } from 'react'

import type { GameLinks } from '@/features/games/components/game-links'
import type { Game } from '@/lib/api-types'
import { useNearViewportOnce } from '@/lib/near-viewport'

/**
 * The artwork has loaded: it fades in over the shimmer, which then stops. Written to the DOM rather than
 * kept in React state, so a tile renders once per artwork stage instead of once more per loaded image
 * (docs/performance.md, issue 14). Nothing React renders sets these attributes, so no render undoes them.
 */
function showArtwork(image: HTMLImageElement) {
  image.dataset.loaded = ''
  image.parentElement?.classList.replace('skeleton', 'bg-section')
}

/**
 * Fills its 3:4 box and leads to the game's page (`links`: the list's `useGameLinks`, whose handlers
 * navigate in the app and preload on hover or touch); the shimmer stays until the artwork has loaded,
 * so nothing shifts. The artwork is asked for only once the tile comes within the spec's lazy-load
 * margin (400 px): the browser's own lazy loading reaches much farther, and every artwork is work on
 * the main thread (docs/performance.md, issue 20). `action` sits over the artwork's corner, beside the
 * link rather than in it (the favourite heart).
 */
export function GameTile({ game, links, action }: { game: Pick<Game, 'id' | 'identity' | 'name' | 'images'>; links: GameLinks; action?: ReactNode }) {
  const [artworkBox, near] = useNearViewportOnce<HTMLDivElement>()
  const images = game.images['3x4']
  return (
    <figure className="relative flex flex-col gap-1.5">
      <a
        {...links.anchorProps(game.identity)}
        className="flex flex-col gap-1.5 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <div ref={artworkBox} className="skeleton relative aspect-[3/4] overflow-hidden rounded-xl">
          {near ? (
            <img
              src={images['1x']}
              srcSet={`${images['1x']} 1x, ${images['2x']} 2x, ${images['3x']} 3x`}
              alt=""
              decoding="async"
              width={150}
              height={200}
              onLoad={(event) => {
                showArtwork(event.currentTarget)
              }}
              className="absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-200 data-loaded:opacity-100 motion-reduce:transition-none"
            />
          ) : null}
        </div>
        <figcaption className="truncate text-xs font-medium text-fg">{game.name}</figcaption>
      </a>
      {action ? <div className="absolute top-1 right-1">{action}</div> : null}
    </figure>
  )
}

export function GameTileSkeleton() {
  return (
    <div className="flex flex-col gap-1.5" aria-hidden="true">
      <div className="skeleton aspect-[3/4] rounded-xl" />
      <div className="skeleton h-3 w-3/4 rounded" />
    </div>
  )
}
