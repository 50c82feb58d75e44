import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { RouteError } from '@/components/route-error'
import { collectionsQueryOptions } from '@/features/games/api/get-collections'
import { CollectionFeed, CollectionFeedSkeleton } from '@/features/games/components/collection-feed'
import { t } from '@/lib/i18n'
import { useNearViewportOnce } from '@/lib/near-viewport'

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

/** The sportsbook's carousels: their code and the widget's script load only as they come into view. */
const HomeSportHighlights = lazy(() => import('@/routes/_default/sport/-sportsbook-route'))

function Home() {
  const [sportRef, sportNear] = useNearViewportOnce<HTMLDivElement>()
  return (
    <>
      <h1 className="sr-only">{t('Home')}</h1>
      <CollectionFeed />
      {/* 344 px, what the two carousels take once rendered (each a 28 px title, an 8 px gap and the
          112 px rail its skeleton holds, a 24 px gap between them and 24 px below): the footer stays put. */}
      <div ref={sportRef} className="flex min-h-86 flex-col gap-6 pb-6">
        {sportNear ? (
          <Suspense fallback={null}>
            <HomeSportHighlights />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}

function HomeError() {
  return <RouteError title={t('Games did not load')} />
}
