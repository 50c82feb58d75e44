import { type ReactNode, useCallback } from 'react'

import type { GameLinks } from '@/features/games/components/game-links'
import type { Game } from '@/lib/api-types'
import { whenNearViewport } from '@/lib/near-viewport'

/**
 * How long a tile's artwork may take before its box starts the shimmer. The sweep is a compositor layer
 * and an animation per box: on the home page's first load ~70 boxes would sweep at once, most of them beyond
 * the screen's edge waiting for the lazy-load margin, and every frame the page drew while it started had
 * to layerize them all (about a third of the start-up's blocking time under Lighthouse's 4× slowdown,
 * docs/performance.md). So a box is a still placeholder of the artwork's size, and sweeps only
 * while its artwork is actually loading and slow to arrive; on a fast connection it never sweeps.
 */
const SHIMMER_AFTER_MS = 600

/**
 * The artwork's stages are written to the DOM rather than kept in React state: asked for (its address
 * set on the `<img>` the tile always has), slow (the sweep), loaded or failed. A tile renders once when
 * it enters the page and never again for its artwork (in the windowed listing, a render per tile coming
 * near would be half of React's renders while scrolling, docs/performance.md). Nothing React
 * renders sets these attributes or the sweep's class, so no render undoes them.
 */
function requestArtwork(image: HTMLImageElement, source: { src: string; srcSet: string }): () => void {
  // `srcset` before `src`: the browser picks the candidate once, when `src` sets the image loading.
  image.srcset = source.srcSet
  image.src = source.src
  const timer = window.setTimeout(() => {
    if (!('loaded' in image.dataset) && !('failed' in image.dataset)) image.parentElement?.classList.add('skeleton')
  }, SHIMMER_AFTER_MS)
  return () => {
    window.clearTimeout(timer)
  }
}

/**
 * The artwork has loaded (it shows at once: a fade would be one more animation per tile) or failed (the
 * still placeholder stays, with the game's name below it); either way the sweep stops.
 */
function artworkSettled(image: HTMLImageElement, outcome: 'loaded' | 'failed') {
  image.dataset[outcome] = ''
  image.parentElement?.classList.remove('skeleton')
}

/**
 * Fills its 3:4 box and leads to the game's page (`links`: the list's `useGameLinks`, whose handlers
 * navigate in the app and preload on hover or touch); a placeholder of the artwork's size stays until it
 * has loaded, so nothing shifts. The artwork is asked for only once the tile comes within the spec's
 * lazy-load margin (400 px): the browser's own lazy loading reaches much farther, and every artwork is
 * work on the main thread (docs/performance.md). `action` sits over the artwork's corner,
 * beside the link rather than in it (the favourite heart).
 */
export function GameTile({ game, links, action }: { game: Pick<Game, 'id' | 'identity' | 'name' | 'images'>; links: GameLinks; action?: ReactNode }) {
  const images = game.images['3x4']
  const src = images['1x']
  const srcSet = `${images['1x']} 1x, ${images['2x']} 2x, ${images['3x']} 3x`
  const artworkBox = useCallback(
    (box: HTMLDivElement | null) => {
      const image = box?.querySelector('img')
      if (!box || !image) return
      let stopShimmer: (() => void) | undefined
      const stopWaiting = whenNearViewport(box, () => {
        stopShimmer = requestArtwork(image, { src, srcSet })
      })
      return () => {
        stopWaiting()
        stopShimmer?.()
      }
    },
    [src, srcSet],
  )
  return (
    <figure className="relative flex flex-col gap-1.5">
      <a
        {...links.anchorProps(game.identity)}
        className="flex flex-col gap-1.5 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <div ref={artworkBox} className="relative aspect-[3/4] overflow-hidden rounded-xl bg-section">
          {/* No address until the box comes near (`requestArtwork`); hidden until its artwork has loaded. */}
          <img
            alt=""
            decoding="async"
            width={150}
            height={200}
            onLoad={(event) => {
              artworkSettled(event.currentTarget, 'loaded')
            }}
            onError={(event) => {
              // Only an artwork asked for and failed: an `<img>` without an address fires no error.
              artworkSettled(event.currentTarget, 'failed')
            }}
            className="absolute inset-0 size-full object-cover opacity-0 data-loaded:opacity-100"
          />
        </div>
        <figcaption className="truncate text-xs font-medium text-fg">{game.name}</figcaption>
      </a>
      {action ? <div className="absolute top-1 right-1">{action}</div> : null}
    </figure>
  )
}

/** A tile whose game is not known yet; `still` for one far from the screen, where a sweep is only cost. */
export function GameTileSkeleton({ still = false }: { still?: boolean }) {
  const fill = still ? 'bg-section' : 'skeleton'
  return (
    <div className="flex flex-col gap-1.5" aria-hidden="true">
      <div className={`${fill} aspect-[3/4] rounded-xl`} />
      {/* The caption's line is 16 px (text-xs); the bar sits in it, so the tile keeps its height. */}
      <div className={`${fill} my-0.5 h-3 w-3/4 rounded`} />
    </div>
  )
}
