import { type SyntheticEvent, useState } from 'react'

import { confirmPasswordReset } from '@/features/auth/api/password-reset'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { fieldRules, required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

type Field = 'code' | 'password' | 'password_confirmation'

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
  const [values, setValues] = useState({ code: code ?? '', password: '', password_confirmation: '' })
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [linkSpent, setLinkSpent] = useState(false)
  const [pending, setPending] = useState(false)

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }))
    setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const invalid = messagesOf(validateValues(values, code === undefined ? schemaWithCode : passwordSchema))
    setErrors(invalid)
    setFormError(undefined)
    setLinkSpent(false)
    if (Object.keys(invalid).length > 0) return
    setPending(true)
    try {
      await confirmPasswordReset({
        code: values.code.trim(),
        password: values.password,
        passwordConfirmation: values.password_confirmation,
      })
      onReset()
    } catch (error) {
      if (error instanceof ApiError && error.code === 'code_invalid') {
        setLinkSpent(true)
        setFormError(
          code === undefined
            ? t('This code is wrong or has expired.')
            : t('This reset link was already used or has expired.'),
        )
      } else {
        const shown = serverErrors<Field>(error, {
          code: 'code',
          password: 'password',
          password_confirmation: 'password_confirmation',
          passwordConfirmation: 'password_confirmation',
        })
        setErrors(shown.fields)
        setFormError(shown.form)
      }
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {code === undefined ? (
        <TextField
          label={t('Code from the e-mail')}
          name="code"
          autoComplete="one-time-code"
          value={values.code}
          onChange={set('code')}
          error={errors.code}
        />
      ) : null}
      <TextField
        label={t('New password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <TextField
        label={t('Repeat the new password')}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={errors.password_confirmation}
      />
      <FormError>{formError}</FormError>
      {linkSpent ? (
        <Button variant="secondary" onClick={onRequestNewLink} className="w-full">
          {t('Send me a new link')}
        </Button>
      ) : null}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Saving…') : t('Set new password')}
      </Button>
    </form>
  )
}
