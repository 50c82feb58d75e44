import { Dialog } from '@/components/ui/dialog'
import { FormError, TextField } from '@/components/ui/form-field'
import { SubmitButton } from '@/components/ui/submit-button'
import { useChangePassword } from '@/features/profile/api/change-password'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { showToast } from '@/lib/toasts'
import { fieldRules } from '@/lib/validation'

const schema = {
  currentPassword: fieldRules.currentPassword,
  newPassword: fieldRules.newPassword,
  repeatNewPassword: fieldRules.repeatNewPassword,
}

/** `?change-pass`: the current password, then the new one twice. Other devices stay signed in. */
export default function ChangePassModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const close = () => void modals.close('change-pass')
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', repeatNewPassword: '' },
    schema,
    mutation: useChangePassword(),
    variables: (values) => values,
    onSuccess: () => {
      showToast({ title: t('Password changed'), description: t('Use the new password the next time you sign in.'), tone: 'success' })
      close()
    },
  })
  return (
    <Dialog title={t('Change password')} zIndex={zIndex} onClose={close}>
      <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
        <TextField label={t('Current password')} type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <TextField label={t('New password')} type="password" autoComplete="new-password" {...form.field('newPassword')} />
        <TextField label={t('Repeat the new password')} type="password" autoComplete="new-password" {...form.field('repeatNewPassword')} />
        <FormError>{form.formError}</FormError>
        <SubmitButton text={t('Change password')} pendingText={t('Saving…')} pending={form.pending} onSubmit={form.submit} className="w-full" />
      </form>
    </Dialog>
  )
}
