import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { useCollections } from '@/features/games/api/get-collections'
import { CollectionCarousel, CollectionCarouselSkeleton } from '@/features/games/components/collection-carousel'
import { t } from '@/lib/i18n'

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
      {withGames.map((collection) => (
        <CollectionCarousel key={collection.id} collection={collection} />
      ))}
    </div>
  )
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
