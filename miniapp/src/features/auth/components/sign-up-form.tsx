import { useMemo, useState } from 'react'

import { SignInAfterRegistrationError, useSignUp } from '@/features/auth/api/register'
import { type CurrencyOption, RegistrationField } from '@/features/auth/components/registration-field'
import {
  formFields,
  initialValues,
  registrationSchema,
  type ScenarioField,
  signUp,
  type SignUpMethod,
} from '@/features/auth/registration-scenario'
import { CaptchaField } from '@/components/captcha-field'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import type { SessionResponse } from '@/lib/api-types'
import { ApiError } from '@/lib/api-client'
import { captchaSettings } from '@/lib/captcha'
import { failureMessage, useForm } from '@/lib/forms'
import { useFieldRules } from '@/lib/validation'
import { t } from '@/lib/i18n'

const captcha = captchaSettings()

export interface SignUpFormProps {
  method: SignUpMethod
  /** The currencies a new player may choose; the first is preselected. */
  currencies: readonly CurrencyOption[]
  affiliateTag?: string | undefined
  /** An e-mail sign-up is done: the new player's session. */
  onSignedIn: (session: SessionResponse) => void
  /** A phone sign-up's code went to `phone` (E.164); the registration waits for it (`pendingRegistrationFor`). */
  onCodeSent: (phone: string) => void
  onSignIn: () => void
}

/**
 * Registration as the platform's registration scenario has it (`scenario=registration`): its fields in
 * its order, its rules and masks, the bonus code, the opt-ins, the agreements and the captcha when the
 * platform asks for one. By e-mail it signs the new player in; by phone the number comes first instead
 * of the e-mail, and a code proves it before the account is made.
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
  return <ScenarioSignUpForm {...props} fields={formFields(scenario.data, props.method)} />
}

function ScenarioSignUpForm({ method, fields, currencies, affiliateTag, onSignedIn, onCodeSent, onSignIn }: SignUpFormProps & { fields: readonly ScenarioField[] }) {
  const schema = useMemo(() => registrationSchema(fields, captcha.kind), [fields])
  // A token is good for one check: after the platform refused one, the box is cleared to be ticked again.
  const [captchaReset, setCaptchaReset] = useState(0)
  const form = useForm({
    initialValues: initialValues(fields),
    schema,
    mutation: useSignUp(),
    variables: (values) => signUp(method, values, currencies, affiliateTag),
    onSuccess: (done) => {
      if (done.kind === 'signedIn') onSignedIn(done.session)
      else onCodeSent(done.phone)
    },
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
        {method === 'phone' ? (form.pending ? t('Sending the code…') : t('Continue')) : form.pending ? t('Creating your account…') : t('Create account')}
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
