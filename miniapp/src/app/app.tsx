import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { Fragment, lazy, Suspense } from 'react'

import type { createAppRouter } from '@/app/router'
import { AppLiveChat } from '@/app/live-chat'
import { RetentionWhileSignedIn } from '@/app/retention-live'
import { AppSession } from '@/app/session'
import { ToastViewport } from '@/app/toast-viewport'
import { LiveAccounts } from '@/features/wallet/live-accounts'
import { sessionAccessToken } from '@/lib/api-client'
import { type Locale, useI18n } from '@/lib/i18n'
import { type Launch, LaunchContext } from '@/lib/launch'
import { modalSearch } from '@/lib/modals'
import { RealtimeProvider } from '@/lib/realtime'
import { useSession } from '@/lib/session'

// Telegram-only, so a chunk of its own that web visitors never download.
const TelegramSignIn = lazy(async () => ({ default: (await import('@/app/telegram-sign-in')).TelegramSignIn }))

export interface AppProps {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
  launch?: Launch
  /** The player's Telegram language, when this launch took it (their first): the profile's is set to it. */
  telegramLanguage?: Locale
}

export function App({ queryClient, router, launch = { mode: 'web' }, telegramLanguage }: AppProps) {
  const { locale } = useI18n()
  return (
    <QueryClientProvider client={queryClient}>
      <LaunchContext value={launch}>
        <AppSession router={router} launch={launch}>
          <Realtime>
            <LiveAccounts />
            <LiveInvoicesWhileSignedIn router={router} />
            <RetentionWhileSignedIn router={router} />
            {launch.mode === 'telegram' ? (
              <Suspense>
                <TelegramSignIn launch={launch} router={router} language={telegramLanguage} />
              </Suspense>
            ) : null}
            {/* Pages render their texts once; a new language renders them all again. */}
            <Fragment key={locale}>
              <RouterProvider router={router} />
            </Fragment>
            <ToastViewport />
            <AppLiveChat />
          </Realtime>
        </AppSession>
      </LaunchContext>
    </QueryClientProvider>
  )
}

async function freshToken(): Promise<string> {
  const token = await sessionAccessToken()
  if (token === undefined) throw new Error('No session.')
  return token
}

/** `payment:invoices#` handling (`features/wallet/live-invoices.tsx`): a lazy chunk, loaded once a player is signed in. */
const LiveInvoices = lazy(() => import('@/features/wallet/live-invoices'))

function LiveInvoicesWhileSignedIn({ router }: { router: AppProps['router'] }) {
  const { state } = useSession()
  if (state.status !== 'loggedIn') return null
  return (
    <Suspense fallback={null}>
      <LiveInvoices
        openModal={(key, value) => {
          void router.navigate({ to: router.state.location.pathname, search: modalSearch(key, value) as never })
        }}
      />
    </Suspense>
  )
}

/** The real-time connection follows the session: open while a player is signed in. */
function Realtime({ children }: { children: React.ReactNode }) {
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  return (
    <RealtimeProvider userId={signedIn ? state.profileId : undefined} token={state.token} getToken={freshToken}>
      {children}
    </RealtimeProvider>
  )
}
