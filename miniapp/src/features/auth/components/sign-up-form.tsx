import { useMemo, useState } from 'react'

import { SignInAfterRegistrationError, useRegister } from '@/features/auth/api/register'
import { type CurrencyOption, RegistrationField } from '@/features/auth/components/registration-field'
import {
  chosenCurrency,
  formFields,
  initialValues,
  registration,
  registrationSchema,
  type RegistrationValues,
  type ScenarioField,
} from '@/features/auth/registration-scenario'
import { CaptchaField } from '@/components/captcha-field'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import type { SessionResponse } from '@/lib/api-types'
import { ApiError } from '@/lib/api-client'
import { captchaSettings } from '@/lib/captcha'
import { failureMessage, type FieldErrors, useForm } from '@/lib/forms'
import { useFieldRules } from '@/lib/validation'
import { t } from '@/lib/i18n'

export type { CurrencyOption } from '@/features/auth/components/registration-field'

const captcha = captchaSettings()

export interface SignUpFormProps {
  /** The currencies a new player may choose; the first is preselected. */
  currencies: readonly CurrencyOption[]
  affiliateTag?: string | undefined
  onSignedIn: (session: SessionResponse) => void
  onSignIn: () => void
}

/**
 * E-mail registration as the platform's registration scenario has it (`scenario=registration`): its
 * fields in its order, its rules and masks, the bonus code, the opt-ins, the agreements and the captcha
 * when the platform asks for one; signs the new player in.
 */
export function SignUpForm(props: SignUpFormProps) {
  const scenario = useFieldRules('registration')
  if (scenario.isError)
    return (
      <LoadError
        title={t('The sign-up form did not load')}
        onRetry={() => {
          void scenario.refetch()
        }}
      />
    )
  if (!scenario.data)
    return <SkeletonColumn busy status={t('Loading the sign-up form')} className="gap-4" blocks={['h-16 rounded-xl', 'h-16 rounded-xl', 'h-16 rounded-xl', 'h-11 rounded-xl', 'h-11 rounded-xl']} />
  return <ScenarioSignUpForm {...props} fields={formFields(scenario.data)} />
}

function ScenarioSignUpForm({ fields, currencies, affiliateTag, onSignedIn, onSignIn }: SignUpFormProps & { fields: readonly ScenarioField[] }) {
  const schema = useMemo(() => registrationSchema(fields, captcha.kind), [fields])
  // A token is good for one check: after the platform refused one, the box is cleared to be ticked again.
  const [captchaReset, setCaptchaReset] = useState(0)
  const form = useForm({
    initialValues: initialValues(fields),
    schema,
    mutation: useRegister(),
    variables: (values) => registration(values, currencies, affiliateTag),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.fields?.captcha === undefined) return
      setCaptchaReset((count) => count + 1)
      form.set('captcha', '')
    },
  })
  const asksCaptcha = fields.some((field) => field.kind === 'captcha')
  const formError =
    form.failure instanceof SignInAfterRegistrationError
      ? t('Your account is ready, but signing in failed: {reason} Try signing in.', { reason: failureMessage(form.failure.cause) })
      : // Without a widget to show it on, a refused captcha is the form's message.
        (form.formError ?? (captcha.kind === 'off' ? form.errors.captcha : undefined))

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      {fields.map((field) => (
        <RegistrationField
          key={field.field}
          field={field}
          value={form.values[field.field] ?? ''}
          error={form.errors[field.field]}
          currencies={currencies}
          onChange={(value) => {
            form.set(field.field, value)
          }}
        />
      ))}
      {asksCaptcha ? (
        <CaptchaField
          settings={captcha}
          resetKey={captchaReset}
          error={form.errors.captcha}
          onToken={(token) => {
            form.set('captcha', token)
          }}
        />
      ) : null}
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Creating your account…') : t('Create account')}
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

/** What every sign-up asks besides the login itself (the phone sign-up's too): a password, a currency and the agreements. */
const NEW_ACCOUNT_FIELDS = formFields(['password', 'currency', 'agreements'].map((field) => ({ field, isRequired: true, rules: [] })))
export const NEW_ACCOUNT_VALUES = { password: '', currency: '', agreements: false }
type NewAccountValues = typeof NEW_ACCOUNT_VALUES

/** A registration's fields besides the login, as the platform takes them. */
export function newAccount(values: NewAccountValues, currencies: readonly CurrencyOption[], affiliateTag: string | undefined) {
  const currency = chosenCurrency(values.currency, currencies)
  return {
    password: values.password,
    ...(currency ? { currency } : {}),
    agreements: true,
    ...(affiliateTag ? { affiliateTag } : {}),
  }
}

export function NewAccountFields<Values extends NewAccountValues>({
  values,
  errors,
  currencies,
  onChange,
}: {
  values: Values
  errors: FieldErrors<keyof NewAccountValues>
  currencies: readonly CurrencyOption[]
  onChange: <K extends keyof NewAccountValues>(field: K, value: Values[K]) => void
}) {
  return (
    <>
      {NEW_ACCOUNT_FIELDS.map((field) => {
        const name = field.field as keyof NewAccountValues
        return (
          <RegistrationField
            key={name}
            field={field}
            value={(values as RegistrationValues)[name] ?? ''}
            error={errors[name]}
            currencies={currencies}
            onChange={(value) => {
              onChange(name, value as Values[typeof name])
            }}
          />
        )
      })}
    </>
  )
}
