import { type SyntheticEvent, useState } from 'react'

import { register } from '@/features/auth/api/register'
import { signIn } from '@/features/auth/api/sign-in'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { Button } from '@/components/ui/button'
import { CheckboxField, FormError, SelectField, TextField } from '@/components/ui/form-field'
import type { SessionResponse } from '@/lib/api-types'
import { fieldRules, required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

type Field = 'email' | 'password' | 'currency' | 'agreements'

const schema = {
  email: [required(), ...fieldRules.email],
  password: [required(), ...fieldRules.password],
  agreements: fieldRules.agreements,
}

export interface CurrencyOption {
  value: string
  label: string
}

export interface SignUpFormProps {
  /** The currencies a new player may choose; the first is preselected. */
  currencies: readonly CurrencyOption[]
  affiliateTag?: string | undefined
  onSignedIn: (session: SessionResponse) => void
  onSignIn: () => void
}

/** E-mail registration: e-mail, password, currency and the agreements; signs the new player in. */
export function SignUpForm({ currencies, affiliateTag, onSignedIn, onSignIn }: SignUpFormProps) {
  const [values, setValues] = useState({ email: '', password: '', currency: '', agreements: false })
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [pending, setPending] = useState(false)
  const currency = values.currency === '' ? (currencies[0]?.value ?? '') : values.currency

  const set = <K extends Field>(field: K, value: (typeof values)[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }))
    setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const invalid = messagesOf(validateValues(values, schema))
    setErrors(invalid)
    setFormError(undefined)
    if (Object.keys(invalid).length > 0) return
    setPending(true)
    const email = values.email.trim()
    try {
      await register({
        email,
        password: values.password,
        ...(currency ? { currency } : {}),
        agreements: true,
        ...(affiliateTag ? { affiliateTag } : {}),
      })
    } catch (error) {
      const shown = serverErrors<Field>(error, {
        email: 'email',
        password: 'password',
        currency: 'currency',
        agreements: 'agreements',
      })
      setErrors(shown.fields)
      setFormError(shown.form)
      setPending(false)
      return
    }
    try {
      onSignedIn(await signIn({ login: email, password: values.password }))
    } catch (error) {
      setFormError(`Your account is ready, but signing in failed: ${serverErrors(error, {}).form ?? ''} Try signing in.`)
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
        value={values.email}
        onChange={(event) => {
          set('email', event.target.value)
        }}
        error={errors.email}
      />
      <NewAccountFields values={values} currency={currency} currencies={currencies} errors={errors} onChange={set} />
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Creating your account…') : t('Create account')}
      </Button>
      <p className="text-center text-sm text-hint">
        {t('Already have an account?')}{' '}
        <button type="button" onClick={onSignIn} className="min-h-11 font-semibold text-link">
          {t('Sign in')}
        </button>
      </p>
    </form>
  )
}

interface NewAccountValues {
  password: string
  currency: string
  agreements: boolean
}

/** What every sign-up asks besides the login itself: a password, a currency and the agreements. */
export function NewAccountFields<Values extends NewAccountValues>({
  values,
  currency,
  currencies,
  errors,
  onChange,
}: {
  values: Values
  /** The chosen currency, or the preselected first one. */
  currency: string
  currencies: readonly CurrencyOption[]
  errors: FieldErrors<keyof NewAccountValues>
  onChange: <K extends keyof NewAccountValues>(field: K, value: Values[K]) => void
}) {
  return (
    <>
      <TextField
        label={t('Password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => {
          onChange('password', event.target.value)
        }}
        error={errors.password}
      />
      {currencies.length > 0 ? (
        <SelectField
          label={t('Currency')}
          name="currency"
          value={currency}
          onChange={(value) => {
            onChange('currency', value)
          }}
          options={currencies}
          error={errors.currency}
        />
      ) : null}
      <CheckboxField
        name="agreements"
        checked={values.agreements}
        onChange={(checked) => {
          onChange('agreements', checked)
        }}
        error={errors.agreements}
      >
        {t('I am at least 18 years old and accept the Terms and Conditions and the Privacy Policy')}
      </CheckboxField>
    </>
  )
}
