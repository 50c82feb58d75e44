import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

import { AuthProblem, AuthProgress } from '@/app/auth-screens'
import { SOCIAL_REGISTRATION_ALERT_DELAY_MS } from '@/config/constants'
import { linkSocial } from '@/features/auth/api/link-social'
import { finishSocialSignIn, isSocialProvider } from '@/features/auth/api/social'
import { acceptSocialState } from '@/features/auth/social-state'
import { useSession } from '@/lib/session'
import { storedAffiliateTag } from '@/lib/affiliate'
import { ApiError } from '@/lib/api-client'
import { showToast } from '@/lib/toasts'
import { t } from '@/lib/i18n'

interface CallbackSearch {
  code?: string
  state?: string
  error?: string
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** Where a social provider sends the player back, with `code` and `state` (or `error`). */
export const Route = createFileRoute('/_empty/auth/social/$connection/callback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => {
    const [code, state, error] = [text(search.code), text(search.state), text(search.error)]
    return { ...(code ? { code } : {}), ...(state ? { state } : {}), ...(error ? { error } : {}) }
  },
  component: SocialCallback,
})

type Problem = 'cancelled' | 'foreign' | 'failed' | 'taken' | 'link-failed'

const problems = (): Record<Problem, { title: string; description: string }> => ({
  cancelled: { title: t('Sign-in cancelled'), description: t('You did not allow the sign-in. You can try again or use another way.') },
  foreign: {
    title: t('This sign-in link is not valid'),
    description: t('It was not started here, or it was already used. Start the sign-in again.'),
  },
  failed: { title: t('Sign-in failed'), description: t('The sign-in was not completed. Try again.') },
  taken: {
    title: t('This account is linked to another player'),
    description: t('Sign in with it instead, or link a different account.'),
  },
  'link-failed': { title: t('Linking failed'), description: t('The account was not linked. Try again from your profile.') },
})

function SocialCallback() {
  const { connection } = Route.useParams()
  const { code, state, error } = Route.useSearch()
  const { login } = useSession()
  const router = useRouter()
  const [failure, setFailure] = useState<Problem>()
  const started = useRef(false)
  // A refusal at the provider, or a return without what a sign-in needs, is known at once.
  const refused: Problem | undefined =
    error !== undefined
      ? 'cancelled'
      : code === undefined || state === undefined || !isSocialProvider(connection)
        ? 'foreign'
        : undefined

  useEffect(() => {
    if (started.current || refused || code === undefined || state === undefined || !isSocialProvider(connection)) return
    started.current = true
    const affiliateTag = storedAffiliateTag()
    Promise.resolve()
      .then(async () => {
        const accepted = acceptSocialState(state)
        if (!accepted) return 'foreign' as const
        if (accepted.intent === 'link') {
          try {
            await linkSocial({ provider: connection, code, state })
          } catch (error) {
            console.error('[auth] social linking failed', error)
            return error instanceof ApiError && error.status === 409 ? ('taken' as const) : ('link-failed' as const)
          }
          // After linking a social account the player lands on the profile (spec section 2).
          void router.navigate({ href: accepted.back, replace: true })
          showToast({ title: t('{provider} is linked', { provider: connection.charAt(0).toUpperCase() + connection.slice(1) }), tone: 'success' })
          return undefined
        }
        const session = await finishSocialSignIn({ provider: connection, code, state, ...(affiliateTag ? { affiliateTag } : {}) })
        login(session)
        // A social login returns to the back route of its state (spec section 2).
        void router.navigate({ href: accepted.back, replace: true })
        if (session.profile.isNewlyRegistered) {
          setTimeout(() => {
            showToast({ title: t('Welcome aboard!'), description: t('Your account is ready. Make a deposit to start playing.'), tone: 'success' })
          }, SOCIAL_REGISTRATION_ALERT_DELAY_MS)
        }
        return undefined
      })
      .then(setFailure, (reason: unknown) => {
        console.error('[auth] social sign-in failed', reason)
        setFailure('failed')
      })
  }, [refused, code, state, connection, login, router])

  const problem = refused ?? failure
  if (problem) return <AuthProblem {...problems()[problem]} />
  return <AuthProgress label={t('Signing you in…')} />
}
