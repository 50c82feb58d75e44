import { useSendPhoneCode } from '@/features/auth/api/send-phone-code'
import { noteCodeSent } from '@/features/auth/phone-verification'
import { Button } from '@/components/ui/button'
import { FormError, TextField, type TextFieldProps } from '@/components/ui/form-field'
import { useForm } from '@/lib/forms'
import { fieldRules, normalisePhone, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

const schema = { phone: [required(), ...fieldRules.phone] }

export interface PhoneSignInFormProps {
  /** A code went to `phone` (E.164). */
  onCodeSent: (phone: string) => void
}

/** Phone sign-in, first step: the number the code goes to. */
export function PhoneSignInForm({ onCodeSent }: PhoneSignInFormProps) {
  const form = useForm({
    initialValues: { phone: '' },
    schema,
    mutation: useSendPhoneCode(),
    variables: ({ phone }) => asE164(phone),
    onSuccess: (sent, phone) => {
      noteCodeSent(phone, sent)
      onCodeSent(phone)
    },
  })

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <PhoneField {...form.field('phone')} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Sending…') : t('Send code')}
      </Button>
    </form>
  )
}

/** A number that passed the phone rule, as the platform stores it (E.164). */
export function asE164(phone: string): string {
  return normalisePhone(phone) ?? phone.trim()
}

function PhoneField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label={t('Phone number')} type="tel" inputMode="tel" autoComplete="tel" placeholder="+55 11 98765 4321" {...props} />
  )
}
