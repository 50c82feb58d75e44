import { SignInAfterRegistrationError, useRegister } from '@/features/auth/api/register'
import { Button } from '@/components/ui/button'
import { CheckboxField, FormError, SelectField, TextField } from '@/components/ui/form-field'
import type { SessionResponse } from '@/lib/api-types'
import { failureMessage, type FieldErrors, useForm } from '@/lib/forms'
import { fieldRules, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

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
  const form = useForm({
    initialValues: { email: '', ...NEW_ACCOUNT_VALUES },
    schema,
    mutation: useRegister(),
    variables: (values) => ({ email: values.email.trim(), ...newAccount(values, currencies, affiliateTag) }),
    onSuccess: onSignedIn,
  })
  const formError =
    form.failure instanceof SignInAfterRegistrationError
      ? t('Your account is ready, but signing in failed: {reason} Try signing in.', { reason: failureMessage(form.failure.cause) })
      : form.formError

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField label={t('E-mail')} type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
      <NewAccountFields values={form.values} errors={form.errors} currencies={currencies} onChange={form.set} />
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

/** What every sign-up asks besides the login itself: a password, a currency and the agreements. */
export const NEW_ACCOUNT_VALUES = { password: '', currency: '', agreements: false }
type NewAccountValues = typeof NEW_ACCOUNT_VALUES

/** The chosen currency, or the preselected first one. */
function chosenCurrency(chosen: string, currencies: readonly CurrencyOption[]): string {
  return chosen === '' ? (currencies[0]?.value ?? '') : chosen
}

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
          value={chosenCurrency(values.currency, currencies)}
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
