import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { SportHighlights } from '@/features/sportsbook/components/sport-highlights'
import { SportsbookPage } from '@/features/sportsbook/components/sportsbook-page'
import type { SportQuery } from '@/features/sportsbook/sport-path'
import { unsettledBetsQueryOptions } from '@/features/bonuses/api/get-unsettled-bets'
import { accountsQueryOptions } from '@/lib/accounts'
import { activeAccount } from '@/lib/accounts'
import { t } from '@/lib/i18n'
import { useMainButton } from '@/lib/main-button'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'
import { useVisitorGeo } from '@/lib/settings'

/**
 * What the sportsbook needs from the rest of the app: the session, the active account (a switch refreshes
 * the widget's token), the profile's country (start-game params) and the queries a bet or a returning
 * phone tab makes stale.
 */
function useSportsbookViewer() {
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  // A guest has neither; asking would only earn a 401.
  const accounts = useQuery({ ...accountsQueryOptions(), enabled: signedIn })
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn })
  const geo = useVisitorGeo()
  const queryClient = useQueryClient()

  const refreshAccounts = useCallback(() => {
    if (signedIn) void queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey })
  }, [queryClient, signedIn])
  const betPlaced = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: unsettledBetsQueryOptions().queryKey })
  }, [queryClient])

  return {
    viewer: {
      signedIn,
      accountId: signedIn ? activeAccount(accounts.data)?.id : undefined,
      // Spec section 3: the profile's country, then the visitor's (the CDN's header).
      countryCode: (signedIn ? profile.data?.country : undefined) ?? geo.data?.country ?? undefined,
      accountKnown: !signedIn || ((accounts.isSuccess || accounts.isError) && (profile.isSuccess || profile.isError) && !geo.isPending),
    },
    refreshAccounts,
    betPlaced,
  }
}

/**
 * In Telegram, the sport pages' one action on the Main Button: a guest's "Sign in" (a bet needs an
 * account), a player's "Deposit" (a bet needs a balance). Its claim ends when the page goes, which hides
 * it; a dialog opened from it (sign-in, the wallet) takes the button over while it is open. Nothing in a
 * browser, whose header has both buttons.
 */
function SportMainButton() {
  const { state } = useSession()
  const modals = useModals()
  const signedIn = state.status === 'loggedIn'
  useMainButton({
    text: signedIn ? t('Deposit') : t('Sign in'),
    // While the session is restored the button would say the wrong one.
    enabled: state.status !== 'restoring',
    progress: false,
    onClick: () => void (signedIn ? modals.open('wallet', 'deposit') : modals.open('sign-in')),
  })
  return null
}

export function SportsbookRoute({ splat, query }: { splat: string; query: SportQuery }) {
  const { viewer, refreshAccounts, betPlaced } = useSportsbookViewer()
  return (
    <>
      <SportMainButton />
      <SportsbookPage splat={splat} query={query} {...viewer} onRefreshAccounts={refreshAccounts} onBetPlaced={betPlaced} />
    </>
  )
}

/** The home page's sport carousels (a lazy chunk, loaded when they come near the viewport). */
export default function HomeSportHighlights() {
  const { viewer } = useSportsbookViewer()
  return <SportHighlights {...viewer} />
}
