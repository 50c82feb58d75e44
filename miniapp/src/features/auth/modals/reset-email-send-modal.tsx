import { useState } from 'react'

import type { ModalProps } from '@/lib/modals'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset'
import { useForm } from '@/lib/forms'
import { useModals } from '@/lib/modals'
import { useCountdown } from '@/lib/use-countdown'
import { t } from '@/lib/i18n'

/** The platform sends a new link to the same address at most this often. */
const RESEND_AFTER_SECONDS = 30

/** The reset link is on its way to the address in the query value; it may be sent again. */
export default function ResetEmailSendModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const email = value === true ? undefined : value
  const { secondsLeft, restart } = useCountdown(RESEND_AFTER_SECONDS)
  const [notice, setNotice] = useState<string>()
  const resend = useForm({
    initialValues: {},
    mutation: useRequestPasswordReset(),
    variables: () => email ?? '',
    onSuccess: () => {
      setNotice(t('We sent the link again.'))
      restart(RESEND_AFTER_SECONDS)
    },
  })

  return (
    <Dialog title={t('Check your e-mail')} zIndex={zIndex} onClose={() => void modals.close('reset-email-send')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">
          {email === undefined
            ? t('If an account uses your address, we have sent it a link to set a new password.')
            : t('If an account uses {email}, we have sent it a link to set a new password.', { email })}{' '}
          {t('The link works for 10 minutes. Check your spam folder if it does not arrive.')}
        </p>
        {notice ? (
          <p role="status" className="text-sm text-hint">
            {notice}
          </p>
        ) : null}
        <FormError>{resend.formError}</FormError>
        {email === undefined ? (
          <Button onClick={() => void modals.open('forgot-pass')} className="w-full">
            {t('Send a link')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={resend.pending || secondsLeft > 0}
            onClick={(event) => {
              setNotice(undefined)
              resend.submit(event)
            }}
            className="w-full"
          >
            {secondsLeft > 0 ? t('Send again in {seconds} s', { seconds: secondsLeft }) : t('Send again')}
          </Button>
        )}
        <Button onClick={() => void modals.open('sign-in')} className="w-full">
          {t('Back to sign in')}
        </Button>
      </div>
    </Dialog>
  )
}
