import { useEffect, useRef, useState, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { useCollections } from '@/features/games/api/get-collections'
import { CollectionCarousel, CollectionCarouselSkeleton } from '@/features/games/components/collection-carousel'
import { t } from '@/lib/i18n'
import { useVisitorHasScrolled } from '@/lib/visitor-scrolled'

/** The home page's collections, each as a carousel of its games. */
export function CollectionFeed() {
  const collections = useCollections()
  const withGames = collections.data.filter((collection) => collection.gamesCount > 0)

  if (withGames.length === 0) {
    return (
      <StateMessage
        title={t('No games to show yet')}
        description={t('New games are added all the time. Check again in a moment.')}
        action={
          <Button variant="secondary" onClick={() => void collections.refetch()} disabled={collections.isFetching}>
            {t('Check again')}
          </Button>
        }
      />
    )
  }

  return (
    <div className="flex flex-col gap-7 py-4">
      {withGames.map((collection, index) =>
        index < EAGER_CAROUSELS ? (
          <CollectionCarousel key={collection.id} collection={collection} />
        ) : (
          <WhenNearViewport key={collection.id} placeholder={<CollectionCarouselSkeleton still />}>
            <CollectionCarousel collection={collection} />
          </WhenNearViewport>
        ),
      )}
    </div>
  )
}

/**
 * Carousels a phone's first screen shows. The rest render (and fetch their games) only as they
 * near the viewport: rendering every tile of every collection at start-up would be the longest task of
 * the first load (Lighthouse's Total Blocking Time on a throttled phone).
 */
const EAGER_CAROUSELS = 2

/**
 * How far below the viewport a carousel starts rendering, so it is ready when scrolled to; before the
 * visitor has scrolled at all, only a carousel on the screen renders (`useVisitorHasScrolled`): the
 * three or four rows within this margin of a phone's first screen would be half of its start-up's
 * blocking time, spent on rows nobody had asked to see yet.
 */
export const NEAR_VIEWPORT_MARGIN = '600px 0px'
export const ON_SCREEN_MARGIN = '0px'

function WhenNearViewport({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null)
  // Without IntersectionObserver (old webviews, tests) everything renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const scrolled = useVisitorHasScrolled()

  useEffect(() => {
    const element = anchor.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: scrolled ? NEAR_VIEWPORT_MARGIN : ON_SCREEN_MARGIN },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [near, scrolled])

  return near ? children : <div ref={anchor}>{placeholder}</div>
}

const SKELETON_SECTIONS = 3

/** Stands in for the feed while the collections load: the same shapes, so nothing jumps. */
export function CollectionFeedSkeleton() {
  return (
    <div className="flex flex-col gap-7 py-4" aria-busy="true">
      <p role="status" className="sr-only">
        {t('Loading games')}
      </p>
      {Array.from({ length: SKELETON_SECTIONS }, (_, index) => (
        <CollectionCarouselSkeleton key={index} />
      ))}
    </div>
  )
}
