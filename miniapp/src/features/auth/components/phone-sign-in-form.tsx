import { type SyntheticEvent, useState } from 'react'

import { sendPhoneCode } from '@/features/auth/api/phone-codes'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { noteCodeSent } from '@/features/auth/phone-verification'
import { fieldRules, normalisePhone, required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

type Field = 'phone'

const schema = { phone: [required(), ...fieldRules.phone] }

export interface PhoneSignInFormProps {
  /** A code went to `phone` (E.164). */
  onCodeSent: (phone: string) => void
}

/** Phone sign-in, first step: the number the code goes to. */
export function PhoneSignInForm({ onCodeSent }: PhoneSignInFormProps) {
  const [phone, setPhone] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [pending, setPending] = useState(false)

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const invalid = messagesOf(validateValues({ phone: phone.trim() }, schema))
    setErrors(invalid)
    setFormError(undefined)
    const number = normalisePhone(phone)
    if (Object.keys(invalid).length > 0 || number === undefined) return
    setPending(true)
    try {
      const sent = await sendPhoneCode(number)
      noteCodeSent(number, sent)
      onCodeSent(number)
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
        value={phone}
        onChange={(value) => {
          setPhone(value)
          setErrors({})
        }}
        error={errors.phone}
      />
      <FormError>{formError}</FormError>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Sending…') : t('Send code')}
      </Button>
    </form>
  )
}

export function PhoneField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <TextField
      label={t('Phone number')}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+55 11 98765 4321"
      value={value}
      onChange={(event) => {
        onChange(event.target.value)
      }}
      error={error}
    />
  )
}
