import { useMutation } from '@tanstack/react-query'

import { sendEmailCode } from '@/features/auth/api/email-codes'
import { noteCodeSent } from '@/features/auth/phone-verification'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { useForm } from '@/lib/forms'
import { fieldRules, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

const schema = { email: [required(), ...fieldRules.email] }

export interface EmailCodeSignInFormProps {
  /** A code went to `email` (as typed, trimmed). */
  onCodeSent: (email: string) => void
}

/** E-mail code sign-in, first step: the address the code goes to. */
export function EmailCodeSignInForm({ onCodeSent }: EmailCodeSignInFormProps) {
  const form = useForm({
    initialValues: { email: '' },
    schema,
    mutation: useMutation({ mutationFn: sendEmailCode }),
    variables: ({ email }) => email.trim(),
    onSuccess: (sent, email) => {
      noteCodeSent(email, sent)
      onCodeSent(email)
    },
  })

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField label={t('E-mail')} type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
      <p className="-mt-2 text-sm text-hint">{t('We will e-mail you a 6-digit code: no password needed.')}</p>
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Sending…') : t('Send code')}
      </Button>
    </form>
  )
}
