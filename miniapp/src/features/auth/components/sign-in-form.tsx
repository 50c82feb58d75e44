import { type SyntheticEvent, useState } from 'react'

import { signIn } from '@/features/auth/api/sign-in'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import type { SessionResponse } from '@/lib/api-types'
import { required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

type Field = 'login' | 'password'

const schema = { login: [required()], password: [required()] }

export interface SignInFormProps {
  onSignedIn: (session: SessionResponse) => void
  onForgotPassword: () => void
  onCreateAccount: () => void
}

/** E-mail (or phone) and password sign-in. */
export function SignInForm({ onSignedIn, onForgotPassword, onCreateAccount }: SignInFormProps) {
  const [values, setValues] = useState({ login: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [pending, setPending] = useState(false)

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }))
    setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const invalid = messagesOf(validateValues(values, schema))
    setErrors(invalid)
    setFormError(undefined)
    if (Object.keys(invalid).length > 0) return
    setPending(true)
    try {
      onSignedIn(await signIn({ login: values.login.trim(), password: values.password }))
    } catch (error) {
      const shown = serverErrors<Field>(error, { login: 'login', email: 'login', password: 'password' }, {
        invalidCredentials: t('The e-mail or password is incorrect.'),
      })
      setErrors(shown.fields)
      setFormError(shown.form)
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('E-mail')}
        name="login"
        type="email"
        inputMode="email"
        autoComplete="username"
        value={values.login}
        onChange={update('login')}
        error={errors.login}
      />
      <TextField
        label={t('Password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <button type="button" onClick={onForgotPassword} className="-mt-2 min-h-11 self-end text-sm font-semibold text-link">
        {t('Forgot password?')}
      </button>
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Signing in…') : t('Sign in')}
      </Button>
      <p className="text-center text-sm text-hint">
        {t('New here?')}{' '}
        <button type="button" onClick={onCreateAccount} className="min-h-11 font-semibold text-link">
          {t('Create an account')}
        </button>
      </p>
    </form>
  )
}
