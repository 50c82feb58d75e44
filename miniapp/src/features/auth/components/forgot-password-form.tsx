import { type SyntheticEvent, useState } from 'react'

import { requestPasswordReset } from '@/features/auth/api/password-reset'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { fieldRules, required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

type Field = 'email'

const schema = { email: [required(), ...fieldRules.email] }

export interface ForgotPasswordFormProps {
  /** The link is on its way to `email` (or nowhere, when no account uses it: the answer is the same). */
  onSent: (email: string) => void
  onBackToSignIn: () => void
}

/** Asks for the account's e-mail and sends it a reset link. */
export function ForgotPasswordForm({ onSent, onBackToSignIn }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [pending, setPending] = useState(false)

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const invalid = messagesOf(validateValues({ email }, schema))
    setErrors(invalid)
    setFormError(undefined)
    if (Object.keys(invalid).length > 0) return
    setPending(true)
    const address = email.trim()
    try {
      await requestPasswordReset(address)
      onSent(address)
    } catch (error) {
      const shown = serverErrors<Field>(error, { email: 'email' })
      setErrors(shown.fields)
      setFormError(shown.form)
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('E-mail')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          setErrors({})
        }}
        error={errors.email}
      />
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Sending…') : t('Send reset link')}
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
