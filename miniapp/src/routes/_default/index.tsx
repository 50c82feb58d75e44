import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
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
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  return (
    <StateMessage
      role="alert"
      title={t('Games did not load')}
      description={t('Check your connection and try again.')}
      action={<Button onClick={() => void router.invalidate()}>{t('Retry')}</Button>}
    />
  )
}
