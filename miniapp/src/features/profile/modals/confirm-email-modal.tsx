import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useConfirmEmail, useResendEmailConfirmation, useSendEmailCode } from '@/features/profile/api/contact-verification'
import { useProfile } from '@/features/profile/api/get-profile'
import { CodeForm } from '@/features/profile/components/code-form'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { showToast } from '@/lib/toasts'
import { required } from '@/lib/validation'

const schema = { code: [required()] }

/**
 * `?confirm-email` (or `?confirm-email={address}` after `email` sent a code to a new address): the code
 * from the e-mail, and a resend. The spec's alerts: an attention alert when the e-mail is sent again, the
 * generic one when that fails.
 */
export default function ConfirmEmailModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const profile = useProfile()
  const newAddress = typeof value === 'string' && value.includes('@') ? value : undefined
  const address = newAddress ?? profile.data?.email ?? undefined
  const resend = useResendEmailConfirmation()
  const sendAgain = useSendEmailCode()
  const close = () => void modals.close('confirm-email')
  const form = useForm({
    initialValues: { code: '' },
    schema,
    mutation: useConfirmEmail(),
    variables: ({ code }) => ({ code: code.trim(), ...(newAddress ? { email: newAddress } : {}) }),
    onSuccess: () => {
      showToast({ title: t('E-mail confirmed'), tone: 'success' })
      close()
    },
  })
  const again = () => {
    const options = {
      onSuccess: () => {
        showToast({ title: t('We sent the e-mail again'), description: t('Check your inbox and the spam folder.'), tone: 'warning' })
      },
      onError: () => {
        showToast({ title: t('Something went wrong. Please try again.'), tone: 'error' })
      },
    }
    if (newAddress) sendAgain.mutate(newAddress, options)
    else resend.mutate(undefined, options)
  }
  return (
    <Dialog
      title={t('Confirm your e-mail')}
      description={address ? t('Enter the code we sent to {email}.', { email: address }) : t('Enter the code from the e-mail we sent you.')}
      zIndex={zIndex}
      onClose={close}
    >
      <CodeForm form={form}>
        <Button variant="secondary" disabled={resend.isPending || sendAgain.isPending} onClick={again} className="w-full">
          {t('Send the e-mail again')}
        </Button>
      </CodeForm>
    </Dialog>
  )
}
