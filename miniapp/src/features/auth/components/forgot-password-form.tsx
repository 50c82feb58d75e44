import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { useForm } from '@/lib/forms'
import { fieldRules, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

const schema = { email: [required(), ...fieldRules.email] }

export interface ForgotPasswordFormProps {
  /** The link is on its way to `email` (or nowhere, when no account uses it: the answer is the same). */
  onSent: (email: string) => void
  onBackToSignIn: () => void
}

/** Asks for the account's e-mail and sends it a reset link. */
export function ForgotPasswordForm({ onSent, onBackToSignIn }: ForgotPasswordFormProps) {
  const form = useForm({
    initialValues: { email: '' },
    schema,
    mutation: useRequestPasswordReset(),
    variables: ({ email }) => email.trim(),
    onSuccess: (_, email) => {
      onSent(email)
    },
  })

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField label={t('E-mail')} type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Sending…') : t('Send reset link')}
      </Button>
      <p className="text-center text-sm text-hint">
        {t('Remembered it?')}{' '}
        <button type="button" onClick={onBackToSignIn} className="min-h-11 font-semibold text-link">
          {t('Back to sign in')}
        </button>
      </p>
    </form>
  )
}
