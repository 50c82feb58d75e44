import { useEffect, useRef, useState } from 'react'

import type { createAppRouter } from '@/app/router'

import { Alert } from '@/components/ui/alert'
import { env } from '@/config/env'
import { useSession } from '@/lib/session'
import { telegramLogin } from '@/features/telegram/api/tg-login'
import { warmDeviceFingerprint } from '@/lib/fingerprint'
import { ApiError } from '@/lib/api-client'
import { type Launch, launchAttribution, markMessengerSignInFailed } from '@/lib/launch'
import { t } from '@/lib/i18n'

type Problem = 'authentication' | 'blocked'

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Telegram players never see a sign-in form: without a session, the launch's init data signs them in.
 * A refusal shows the spec's alert: a blocked account (403) with a support link, otherwise (401) the
 * messenger authentication error; the init data is then of no use and is forgotten.
 */
export function TelegramSignIn({ launch, router }: { launch: Extract<Launch, { mode: 'telegram' }>; router?: AppRouter }) {
  const { state, login } = useSession()
  const [problem, setProblem] = useState<Problem>()
  const attempted = useRef(false)

  useEffect(() => {
    if (state.status !== 'loggedOut' || attempted.current) return
    attempted.current = true
    telegramLogin({ initData: launch.initData, ...launchAttribution(launch, window.location.search) }).then((session) => {
      login(session)
      // Made once the launch has signed in (never competing with it), for a later sign-in to carry.
      warmDeviceFingerprint()
    }, (error: unknown) => {
      console.error('[telegram] sign-in failed', error)
      markMessengerSignInFailed()
      setProblem(error instanceof ApiError && error.status === 403 ? 'blocked' : 'authentication')
    })
  }, [state.status, launch, login])

  // A visible alert is hidden on each navigation to a different path (spec section 2).
  useEffect(
    () =>
      router?.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
        // The first load resolves too (from nowhere); only a move between pages hides the alert.
        if (fromLocation && pathChanged) setProblem(undefined)
      }),
    [router],
  )

  if (problem === 'blocked') {
    return (
      <Alert title={t('Your account is blocked')}>
        {t('You cannot play with this account.')}{' '}
        <a href={env.VITE_SUPPORT_URL} className="font-semibold text-link underline">
          {t('Contact support')}
        </a>{' '}
        {t('to find out why.')}
      </Alert>
    )
  }
  if (problem === 'authentication') {
    return (
      <Alert
        title={t('Telegram sign-in failed')}
        onDismiss={() => {
          setProblem(undefined)
        }}
      >
        {t('We could not confirm your Telegram account. Close the app and open it again from the bot.')}
      </Alert>
    )
  }
  return null
}
