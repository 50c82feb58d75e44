import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { createAppRouter } from '@/app/router'
import { restorePlayerStorage } from '@/app/telegram-storage'

import { Alert } from '@/components/ui/alert'
import { env } from '@/config/env'
import { useSession } from '@/lib/session'
import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { updateProfile } from '@/features/profile/api/update-profile'
import { telegramLogin } from '@/lib/telegram/api/tg-login'
import { reportLaunchWriteAccess } from '@/lib/telegram/write-access'
import { warmDeviceFingerprint } from '@/lib/fingerprint'
import { ApiError, isTransientFailure } from '@/lib/api-client'
import { type Launch, markMessengerSignInFailed } from '@/lib/launch'
import { launchAttribution } from '@/lib/start-param'
import { type Locale, profileLanguage, t } from '@/lib/i18n'

type Problem = 'authentication' | 'blocked' | 'unreachable'

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Telegram players never see a sign-in form: without a session, the launch's init data signs them in.
 * A refusal shows the spec's alert: a blocked account (403) with a support link, otherwise (401) the
 * messenger authentication error; the init data is then of no use and is forgotten. A sign-in that got
 * no answer or was refused for the moment (`isTransientFailure`: a rate limit, a server shedding a burst
 * or restarting) is not the account's fault, and the spec's alert would send the player to close the app:
 * the alert says the server could not be reached and offers another try, and the init data is kept for
 * it. The try is the player's to make: the spec allows no automatic retries of a request.
 *
 * `language` is the player's Telegram language when this launch took it (their first): once signed in,
 * their profile's language is set to it, so what the casino sends them is in it too.
 */
export function TelegramSignIn({
  launch,
  router,
  language,
}: {
  launch: Extract<Launch, { mode: 'telegram' }>
  router?: AppRouter
  language?: Locale | undefined
}) {
  const { state, login } = useSession()
  const queryClient = useQueryClient()
  const languageSaved = useRef(false)
  const [problem, setProblem] = useState<Problem>()
  const [tries, setTries] = useState(0)
  const attempted = useRef(-1)
  const tryAgain = useCallback(() => {
    setProblem(undefined)
    setTries((count) => count + 1)
  }, [])

  useEffect(() => {
    // A lost session's re-login is the session's own (`tg_login/refresh`).
    if (state.status !== 'loggedOut' || state.messengerRelogin || attempted.current === tries) return
    attempted.current = tries
    telegramLogin({ initData: launch.initData, ...launchAttribution(launch, window.location.search) }).then((session) => {
      login(session)
      void reportLaunchWriteAccess(launch.initData)
      // Made once the launch has signed in (never competing with it), for a later sign-in to carry.
      warmDeviceFingerprint()
    }, (error: unknown) => {
      console.error('[telegram] sign-in failed', error)
      if (isTransientFailure(error)) {
        setProblem('unreachable')
        return
      }
      markMessengerSignInFailed()
      setProblem(error instanceof ApiError && error.status === 403 ? 'blocked' : 'authentication')
    })
  }, [state.status, state.messengerRelogin, launch, login, tries])

  useEffect(() => {
    if (state.status !== 'loggedIn' || language === undefined || languageSaved.current) return
    languageSaved.current = true
    const wanted = profileLanguage(language)
    queryClient
      .query(profileQueryOptions())
      .then(async (profile) => {
        if (profile.language === wanted.language && profile.locale === wanted.locale) return
        queryClient.setQueryData(profileQueryOptions().queryKey, await updateProfile(wanted))
      })
      .catch((error: unknown) => {
        console.warn("[telegram] the profile's language was not set", error)
      })
  }, [state.status, language, queryClient])

  // A player signed in after start-up: their played games come back from Telegram's storage.
  const playerId = state.status === 'loggedIn' ? state.profileId : undefined
  useEffect(() => {
    if (playerId !== undefined) void restorePlayerStorage(playerId)
  }, [playerId])

  // A visible alert is hidden on each navigation to a different path (spec section 2). Hiding the
  // unreachable server's alert would also hide its "Try again", so that navigation tries again itself:
  // the player still has no session, and moving on is as good a sign to try as the button.
  useEffect(
    () =>
      router?.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
        // The first load resolves too (from nowhere); only a move between pages hides the alert.
        if (!fromLocation || !pathChanged) return
        if (problem === 'unreachable') tryAgain()
        else setProblem(undefined)
      }),
    [router, problem, tryAgain],
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
  if (problem === 'unreachable') {
    return (
      <Alert title={t('Telegram sign-in failed')}>
        {t('The server could not be reached. Check your connection and try again.')}{' '}
        <button type="button" className="font-semibold text-link underline" onClick={tryAgain}>
          {t('Try again')}
        </button>
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
