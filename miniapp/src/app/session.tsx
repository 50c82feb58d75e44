import type { ReactNode } from 'react'

import type { createAppRouter } from '@/app/router'
import { telegramLogin } from '@/features/telegram/api/tg-login'
import { SessionProvider } from '@/lib/session'
import { type Launch, launchAttribution } from '@/lib/launch'
import { modalSearch } from '@/lib/modals'

export interface AppSessionProps {
  router: ReturnType<typeof createAppRouter>
  launch: Launch
  children: ReactNode
}

/**
 * The session, wired to the app: a lost session opens sign-in on the root path (spec: `?sign-in=true`),
 * or in Telegram signs in again with the launch's init data; another tab's logout goes home.
 */
export function AppSession({ router, launch, children }: AppSessionProps) {
  const messengerLogin =
    launch.mode === 'telegram'
      ? () => telegramLogin({ initData: launch.initData, ...launchAttribution(launch, window.location.search) })
      : undefined
  return (
    <SessionProvider
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
