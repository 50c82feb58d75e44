import { useSendPhoneCode } from '@/features/auth/api/send-phone-code'
import { asE164, PhoneField } from '@/features/auth/components/phone-sign-in-form'
import { type CurrencyOption, NEW_ACCOUNT_VALUES, NewAccountFields, newAccount } from '@/features/auth/components/sign-up-form'
import { holdRegistration, noteCodeSent } from '@/features/auth/phone-verification'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { useForm } from '@/lib/forms'
import { fieldRules, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

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
  const form = useForm({
    initialValues: { phone: '', ...NEW_ACCOUNT_VALUES },
    schema,
    mutation: useSendPhoneCode(),
    variables: ({ phone }) => asE164(phone),
    onSuccess: (sent, phone) => {
      holdRegistration({ phone, ...newAccount(form.values, currencies, affiliateTag) })
      noteCodeSent(phone, sent)
      onCodeSent(phone)
    },
  })

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <PhoneField {...form.field('phone')} />
      <NewAccountFields values={form.values} errors={form.errors} currencies={currencies} onChange={form.set} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Sending the code…') : t('Continue')}
      </Button>
    </form>
  )
}
