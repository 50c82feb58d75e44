import { type SyntheticEvent, useState } from 'react'

import { sendPhoneCode } from '@/features/auth/api/phone-codes'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { PhoneField } from '@/features/auth/components/phone-sign-in-form'
import { holdRegistration, noteCodeSent } from '@/features/auth/phone-verification'
import { type CurrencyOption, NewAccountFields } from '@/features/auth/components/sign-up-form'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { fieldRules, normalisePhone, required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

type Field = 'phone' | 'password' | 'currency' | 'agreements'

const schema = {
  phone: [required(), ...fieldRules.phone],
  password: [required(), ...fieldRules.password],
  agreements: fieldRules.agreements,
}

export interface PhoneSignUpFormProps {
  currencies: readonly CurrencyOption[]
  affiliateTag?: string | undefined
  /** A code went to `phone`; the registration waits for it (`pendingRegistrationFor`). */
  onCodeSent: (phone: string) => void
}

/** Phone registration, first step: number, password, currency and agreements; then the code proves the number. */
export function PhoneSignUpForm({ currencies, affiliateTag, onCodeSent }: PhoneSignUpFormProps) {
  const [values, setValues] = useState({ phone: '', password: '', currency: '', agreements: false })
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
    const invalid = messagesOf(validateValues({ ...values, phone: values.phone.trim() }, schema))
    setErrors(invalid)
    setFormError(undefined)
    const phone = normalisePhone(values.phone)
    if (Object.keys(invalid).length > 0 || phone === undefined) return
    setPending(true)
    try {
      const sent = await sendPhoneCode(phone)
      holdRegistration({
        phone,
        password: values.password,
        ...(currency ? { currency } : {}),
        agreements: true,
        ...(affiliateTag ? { affiliateTag } : {}),
      })
      noteCodeSent(phone, sent)
      onCodeSent(phone)
    } catch (error) {
      const shown = serverErrors<Field>(error, { phone: 'phone' })
      setErrors(shown.fields)
      setFormError(shown.form)
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <PhoneField
        value={values.phone}
        onChange={(value) => {
          set('phone', value)
        }}
        error={errors.phone}
      />
      <NewAccountFields values={values} currency={currency} currencies={currencies} errors={errors} onChange={set} />
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Sending the code…') : t('Continue')}
      </Button>
    </form>
  )
}
