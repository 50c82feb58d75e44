import { useState } from 'react'

import type { Game } from '@/lib/api-types'

/** Fills its 3:4 box; the shimmer stays until the artwork has loaded, so nothing shifts. */
export function GameTile({ game }: { game: Game }) {
  const [loaded, setLoaded] = useState(false)
  const images = game.images['3x4']
  return (
    <figure className="flex flex-col gap-1.5">
      <div className={`relative aspect-[3/4] overflow-hidden rounded-xl ${loaded ? 'bg-section' : 'skeleton'}`}>
        <img
          src={images['1x']}
          srcSet={`${images['1x']} 1x, ${images['2x']} 2x, ${images['3x']} 3x`}
          alt=""
          loading="lazy"
          decoding="async"
          width={150}
          height={200}
          onLoad={() => {
            setLoaded(true)
          }}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-200 motion-reduce:transition-none ${loaded ? 'opacity-100' : 'opacity-0'}`}
        />
      </div>
      <figcaption className="truncate text-xs font-medium text-fg">{game.name}</figcaption>
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
