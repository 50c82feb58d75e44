import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError, TextField } from '@/components/ui/form-field'
import { useProfile } from '@/features/profile/api/get-profile'
import { useUpdateProfile } from '@/features/profile/api/update-profile'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { showToast } from '@/lib/toasts'
import { fieldRules, required } from '@/lib/validation'

const schema = { nickname: [required(), ...fieldRules.nickname] }

/** `?change-nickname`: the name other players and the casino see (3–24 letters, digits, `_` or `-`). */
export default function ChangeNicknameModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const profile = useProfile()
  const close = () => void modals.close('change-nickname')
  const form = useForm({
    initialValues: { nickname: profile.data?.nickname ?? '' },
    schema,
    mutation: useUpdateProfile(),
    variables: ({ nickname }) => ({ nickname: nickname.trim() }),
    onSuccess: () => {
      showToast({ title: t('Nickname saved'), tone: 'success' })
      close()
    },
  })
  return (
    <Dialog title={t('Change nickname')} description={t('3 to 24 letters, digits, underscores or hyphens.')} zIndex={zIndex} onClose={close}>
      <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
        <TextField label={t('Nickname')} autoComplete="nickname" maxLength={24} {...form.field('nickname')} />
        <FormError>{form.formError}</FormError>
        <Button type="submit" disabled={form.pending} className="w-full">
          {form.pending ? t('Saving…') : t('Save')}
        </Button>
      </form>
    </Dialog>
  )
}
