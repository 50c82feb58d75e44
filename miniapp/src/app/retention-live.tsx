import { lazy, Suspense } from 'react'

import type { createAppRouter } from '@/app/router'
import { useSession } from '@/lib/session'

// Each feature's after-login work and live channels, loaded once a player is signed in (spec section 4).
const LiveBonuses = lazy(() => import('@/features/bonuses/live-bonuses'))

export interface RetentionWhileSignedInProps {
  router: ReturnType<typeof createAppRouter>
}

/**
 * The retention features' after-login loading and channel subscriptions (bonuses, free spins, codes,
 * cashback, quests, loyalty, notifications and pushes): lazy chunks, mounted only while signed in.
 */
export function RetentionWhileSignedIn({ router }: RetentionWhileSignedInProps) {
  const { state } = useSession()
  if (state.status !== 'loggedIn') return null
  const navigate = (path: string) => {
    void router.navigate({ to: path })
  }
  return (
    <Suspense fallback={null}>
      <LiveBonuses navigate={navigate} />
    </Suspense>
  )
}
