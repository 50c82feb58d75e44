import { useConfirmPasswordReset } from '@/features/auth/api/confirm-password-reset'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { useForm } from '@/lib/forms'
import { fieldRules, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

const passwordSchema = {
  password: [required(), ...fieldRules.password],
  password_confirmation: fieldRules.password_confirmation,
}
const schemaWithCode = { code: [required()], ...passwordSchema }

export interface ResetPasswordFormProps {
  /** The code of the reset link; without one the player types the code from the e-mail. */
  code: string | undefined
  onReset: () => void
  /** The link is spent or expired: offer a new one. */
  onRequestNewLink: () => void
}

/** Sets a new password with the code of a reset link. */
export function ResetPasswordForm({ code, onReset, onRequestNewLink }: ResetPasswordFormProps) {
  const form = useForm({
    initialValues: { code: code ?? '', password: '', password_confirmation: '' },
    schema: code === undefined ? schemaWithCode : passwordSchema,
    mutation: useConfirmPasswordReset(),
    variables: (values) => ({
      code: values.code.trim(),
      password: values.password,
      passwordConfirmation: values.password_confirmation,
    }),
    onSuccess: onReset,
    serverFields: { passwordConfirmation: 'password_confirmation' },
    codeMessages: {
      code_invalid:
        code === undefined ? t('This code is wrong or has expired.') : t('This reset link was already used or has expired.'),
    },
  })
  const linkSpent = form.failure instanceof ApiError && form.failure.code === 'code_invalid'

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      {code === undefined ? <TextField label={t('Code from the e-mail')} autoComplete="one-time-code" {...form.field('code')} /> : null}
      <TextField label={t('New password')} type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField
        label={t('Repeat the new password')}
        type="password"
        autoComplete="new-password"
        {...form.field('password_confirmation')}
      />
      <FormError>{form.formError}</FormError>
      {linkSpent ? (
        <Button variant="secondary" onClick={onRequestNewLink} className="w-full">
          {t('Send me a new link')}
        </Button>
      ) : null}
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Saving…') : t('Set new password')}
      </Button>
    </form>
  )
}
