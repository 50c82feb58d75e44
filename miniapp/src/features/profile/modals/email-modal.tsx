import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError, TextField } from '@/components/ui/form-field'
import { useSendEmailCode } from '@/features/profile/api/contact-verification'
import { useProfile } from '@/features/profile/api/get-profile'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { fieldRules, required } from '@/lib/validation'

const schema = { email: [required(), ...fieldRules.email] }

/**
 * `?email`: the address to add or change to. A code (and a link) goes there; the address becomes the
 * account's once `confirm-email` proves it, so a typo never locks the player out.
 */
export default function EmailModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const profile = useProfile()
  const form = useForm({
    initialValues: { email: '' },
    schema,
    mutation: useSendEmailCode(),
    variables: ({ email }) => email.trim(),
    codeMessages: { email_taken: { email: t('Another account uses this e-mail') } },
    onSuccess: (_, email) => {
      void modals.open('confirm-email', email)
    },
  })
  return (
    <Dialog
      title={profile.data?.email ? t('Change e-mail') : t('Add e-mail')}
      description={t('We send a code to the new address to make sure it is yours.')}
      zIndex={zIndex}
      onClose={() => void modals.close('email')}
    >
      <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
        <TextField label={t('New e-mail')} type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
        <FormError>{form.formError}</FormError>
        <Button type="submit" disabled={form.pending} className="w-full">
          {form.pending ? t('Sending…') : t('Send code')}
        </Button>
      </form>
    </Dialog>
  )
}
