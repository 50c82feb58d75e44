import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import type { createAppRouter } from '@/app/router'
import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { telegramLoginRefresh } from '@/lib/telegram/api/tg-login'
import { accountsQueryOptions } from '@/lib/accounts'
import { track } from '@/lib/analytics'
import { SessionProvider } from '@/lib/session'
import type { Launch } from '@/lib/launch'
import { modalSearch } from '@/lib/modals'

export interface AppSessionProps {
  router: ReturnType<typeof createAppRouter>
  launch: Launch
  children: ReactNode
}

/**
 * The session, wired to the app: a lost session opens sign-in on the root path (spec: `?sign-in=true`),
 * or in Telegram signs in again with the launch's init data; another tab's logout goes home. The
 * player's profile and accounts are queries: a stored session is restored by loading both; a sign-in
 * seeds the profile from its answer and loads the accounts.
 */
export function AppSession({ router, launch, children }: AppSessionProps) {
  const queryClient = useQueryClient()
  const playerQueries = [profileQueryOptions().queryKey, accountsQueryOptions().queryKey]
  const restore = () =>
    Promise.all([queryClient.query(profileQueryOptions()), queryClient.query(accountsQueryOptions())]).catch(
      (error: unknown) => {
        // What did load belongs to no one now.
        for (const queryKey of playerQueries) queryClient.removeQueries({ queryKey })
        throw error
      },
    )
  const messengerLogin =
    launch.mode === 'telegram'
      ? async () => {
          // The start parameter's reader is the Telegram launch's, not the web page's first chunk.
          const { launchAttribution } = await import('@/lib/start-param')
          return telegramLoginRefresh({ initData: launch.initData, affiliateTag: launchAttribution(launch, window.location.search).affiliateTag })
        }
      : undefined
  return (
    <SessionProvider
      restore={restore}
      onSignedIn={(session) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, session.profile)
        // The flows that sign up on first use (social, Telegram) say so on their sign-in; the forms
        // track their own registrations.
        if (session.profile.isNewlyRegistered) track('regfin')
        // The header shows the balance at once: the accounts load with the sign-in, not after the page.
        queryClient.query(accountsQueryOptions()).catch((error: unknown) => {
          console.error('[session] accounts did not load', error)
        })
      }}
      onProfile={(profile) => {
        queryClient.setQueryData(profileQueryOptions().queryKey, profile)
      }}
      onSignInRequired={() => {
        void router.navigate({ to: '/', search: modalSearch('sign-in') })
      }}
      {...(messengerLogin ? { messengerLogin } : {})}
      onLoggedOutElsewhere={() => {
        void router.navigate({ to: '/', search: {} })
      }}
    >
      {children}
    </SessionProvider>
  )
}
