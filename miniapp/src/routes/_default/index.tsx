import { createFileRoute } from '@tanstack/react-router'

import { RouteError } from '@/components/route-error'
import { collectionsQueryOptions } from '@/features/games/api/get-collections'
import { CollectionFeed, CollectionFeedSkeleton } from '@/features/games/components/collection-feed'
import { t } from '@/lib/i18n'

export const Route = createFileRoute('/_default/')({
  // Cached collections render at once (the page revalidates them); only a cold cache waits.
  loader: ({ context: { queryClient } }) => queryClient.query({ ...collectionsQueryOptions(), staleTime: 'static' }),
  // Paint the skeleton at once on a cold start instead of a blank page.
  pendingMs: 0,
  pendingMinMs: 200,
  pendingComponent: CollectionFeedSkeleton,
  errorComponent: HomeError,
  component: Home,
})

function Home() {
  return (
    <>
      <h1 className="sr-only">{t('Home')}</h1>
      <CollectionFeed />
    </>
  )
}

function HomeError() {
  return <RouteError title={t('Games did not load')} />
}
