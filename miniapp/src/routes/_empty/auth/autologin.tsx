import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

import { AuthProblem, AuthProgress } from '@/app/auth-screens'
import { signInWithToken } from '@/features/auth/api/login-token'
import { useSession } from '@/lib/session'
import { t } from '@/lib/i18n'

/** An auto-login link (`?state=` carries its one-time token): signs the player in and goes home. */
export const Route = createFileRoute('/_empty/auth/autologin')({
  validateSearch: (search: Record<string, unknown>): { state?: string } =>
    typeof search.state === 'string' && search.state !== '' ? { state: search.state } : {},
  beforeLoad: ({ search }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
    if (search.state === undefined) throw redirect({ to: '/', replace: true })
  },
  component: AutoLogin,
})

function AutoLogin() {
  const { state } = Route.useSearch()
  const { login } = useSession()
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    if (started.current || state === undefined) return
    started.current = true
    signInWithToken(state).then(
      (session) => {
        login(session)
        void navigate({ to: '/', search: {}, replace: true })
      },
      (error: unknown) => {
        console.error('[auth] auto-login failed', error)
        setFailed(true)
      },
    )
  }, [state, login, navigate])

  if (failed) {
    return (
      <AuthProblem
        title={t('This sign-in link has expired')}
        description={t('Sign-in links work once and for 15 minutes. Sign in with your password or ask for a new link.')}
      />
    )
  }
  return <AuthProgress label={t('Signing you in…')} />
}
