import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

import { routeValidationFailed } from '@/app/not-found'
import { buttonClassName } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { AuthProgress } from '@/app/auth-screens'
import { useConfirmEmailByLink } from '@/features/profile/api/contact-verification'
import { t } from '@/lib/i18n'
import { useSession } from '@/lib/session'

/** A confirmation link's code as e-mails carry it: URL-safe token characters (the sandbox's are 32 letters and digits). */
const CONFIRM_CODE = /^[A-Za-z0-9._~-]{1,256}$/

/**
 * The link of an e-mail confirmation (named route verify-confirmCode): confirms the address wherever
 * the e-mail is read, signed in or not, and says so.
 */
export const Route = createFileRoute('/_empty/verify/$confirmCode')({
  beforeLoad: ({ params, location }) => {
    // The route's validation hook: a code no platform issues is a page that does not exist.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found is thrown by design
    if (!CONFIRM_CODE.test(params.confirmCode)) throw routeValidationFailed(location.pathname)
  },
  component: ConfirmEmailLink,
})

function ConfirmEmailLink() {
  const { confirmCode } = Route.useParams()
  const confirm = useConfirmEmailByLink()
  const { state } = useSession()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    confirm.mutate(confirmCode)
  }, [confirm, confirmCode])

  const onwards =
    state.status === 'loggedIn' ? (
      <Link to="/profile/info" className={buttonClassName('primary', 'w-60')}>
        {t('Go to your profile')}
      </Link>
    ) : (
      <Link to="/" search={{}} className={buttonClassName('primary', 'w-60')}>
        {t('Homepage')}
      </Link>
    )
  if (confirm.isSuccess)
    return <StateMessage title={t('E-mail confirmed')} description={t('{email} is confirmed as your address.', { email: confirm.data })} action={onwards} />
  if (confirm.isError)
    return (
      <StateMessage
        role="alert"
        title={t('This link no longer works')}
        description={t('It was already used or has expired. Send a new one from your profile.')}
        action={onwards}
      />
    )
  return <AuthProgress label={t('Confirming your e-mail…')} />
}
