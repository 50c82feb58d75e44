import { useState } from 'react'

import type { ModalProps } from '@/lib/modals'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'

/** Sets a new password; the query value is the reset link's code (`/password-reset/{code}` leads here). */
export default function ResetPassModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const [done, setDone] = useState(false)
  const close = () => void modals.close('reset-pass')
  if (done) {
    return (
      <Dialog title={t('Your password is changed')} description={t('Sign in with your new password. Your other sessions were closed.')} zIndex={zIndex} onClose={close}>
        <Button onClick={() => void modals.open('sign-in')} className="w-full">
          {t('Sign in')}
        </Button>
      </Dialog>
    )
  }
  return (
    <Dialog title={t('Set a new password')} zIndex={zIndex} onClose={close}>
      <ResetPasswordForm
        code={value === true ? undefined : value}
        onReset={() => {
          setDone(true)
        }}
        onRequestNewLink={() => void modals.open('forgot-pass')}
      />
    </Dialog>
  )
}
