import type { ModalProps } from '@/lib/modals'
import { Dialog } from '@/components/ui/dialog'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import { useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'

export default function ForgotPassModal({ zIndex }: ModalProps) {
  const modals = useModals()
  return (
    <Dialog
      title={t('Forgot your password?')}
      description={t('Enter the e-mail of your account and we will send you a link to set a new one.')}
      zIndex={zIndex}
      onClose={() => void modals.close('forgot-pass')}
    >
      <ForgotPasswordForm
        onSent={(email) => void modals.open('reset-email-send', email)}
        onBackToSignIn={() => void modals.open('sign-in')}
      />
    </Dialog>
  )
}
