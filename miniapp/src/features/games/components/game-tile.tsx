import { Link } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'

import type { Game } from '@/lib/api-types'
import { useNearViewportOnce } from '@/lib/near-viewport'

/**
 * Fills its 3:4 box and leads to the game's page (a hover or touch preloads it); the shimmer stays
 * until the artwork has loaded, so nothing shifts. The artwork is asked for only once the tile comes
 * within the spec's lazy-load margin (400 px): the browser's own lazy loading reaches much farther, and
 * every artwork is work on the main thread (docs/performance.md, issue 20). `action` sits over the
 * artwork's corner, beside the link rather than in it (the favourite heart).
 */
export function GameTile({ game, action }: { game: Pick<Game, 'id' | 'identity' | 'name' | 'images'>; action?: ReactNode }) {
  const [loaded, setLoaded] = useState(false)
  const [artworkBox, near] = useNearViewportOnce<HTMLDivElement>()
  const images = game.images['3x4']
  return (
    <figure className="relative flex flex-col gap-1.5">
      <Link
        to="/game/$id"
        params={{ id: game.identity }}
        className="flex flex-col gap-1.5 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <div ref={artworkBox} className={`relative aspect-[3/4] overflow-hidden rounded-xl ${loaded ? 'bg-section' : 'skeleton'}`}>
          {near ? (
            <img
              src={images['1x']}
              srcSet={`${images['1x']} 1x, ${images['2x']} 2x, ${images['3x']} 3x`}
              alt=""
              decoding="async"
              width={150}
              height={200}
              onLoad={() => {
                setLoaded(true)
              }}
              className={`absolute inset-0 size-full object-cover transition-opacity duration-200 motion-reduce:transition-none ${loaded ? 'opacity-100' : 'opacity-0'}`}
            />
          ) : null}
        </div>
        <figcaption className="truncate text-xs font-medium text-fg">{game.name}</figcaption>
      </Link>
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
