import type { ModalProps } from '@/app/modals/modal-host'
import { Dialog } from '@/components/ui/dialog'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import { useModals } from '@/lib/modals'

export default function ForgotPassModal({ zIndex }: ModalProps) {
  const modals = useModals()
  return (
    <Dialog
      title="Forgot your password?"
      description="Enter the e-mail of your account and we will send you a link to set a new one."
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
