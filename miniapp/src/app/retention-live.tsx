import { lazy, Suspense } from 'react'

import type { createAppRouter } from '@/app/router'
import { features } from '@/config/features'
import { modalSearch } from '@/lib/modals'
import { useSession } from '@/lib/session'

// Each feature's after-login work and live channels, loaded once a player is signed in (spec section 4).
const LiveBonuses = lazy(() => import('@/features/bonuses/live-bonuses'))
const LiveNotifications = lazy(() => import('@/features/notifications/live-notifications'))
const LiveLoyalty = lazy(() => import('@/features/loyalty/live-loyalty'))
const LiveQuests = lazy(() => import('@/features/quests/live-quests'))
const LivePlay = lazy(() => import('@/app/live-play'))

export interface RetentionWhileSignedInProps {
  router: ReturnType<typeof createAppRouter>
}

/**
 * The after-login loading and channel subscriptions (bonuses, free spins, codes, cashback, quests,
 * loyalty, notifications and pushes, spins and bets): lazy chunks, mounted only while signed in.
 */
export function RetentionWhileSignedIn({ router }: RetentionWhileSignedInProps) {
  const { state } = useSession()
  if (state.status !== 'loggedIn') return null
  const navigate = (path: string) => {
    void router.navigate({ to: path })
  }
  const pathname = () => router.state.location.pathname
  return (
    <Suspense fallback={null}>
      {features.loyalty ? (
        <LiveLoyalty
          onGamePage={() => /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?game\//.test(pathname())}
          openLevelModal={(level) => {
            void router.navigate({ to: pathname(), search: modalSearch('loyaltyLevel', level) as never })
          }}
        />
      ) : null}
      <LiveBonuses navigate={navigate} />
      <LiveNotifications />
      <LivePlay />
      {features.quests ? (
        <LiveQuests
          openHub={() => {
            void router.navigate({ to: pathname(), search: modalSearch('quests-hub') as never })
          }}
        />
      ) : null}
    </Suspense>
  )
}
