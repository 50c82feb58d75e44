import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError, TextField } from '@/components/ui/form-field'
import { useSendPhoneCode, useVerifyPhone } from '@/features/profile/api/contact-verification'
import { useProfile } from '@/features/profile/api/get-profile'
import { CodeForm } from '@/features/profile/components/code-form'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { showToast } from '@/lib/toasts'
import { fieldRules, normalisePhone, required } from '@/lib/validation'

const numberSchema = { phone: [required(), ...fieldRules.phone] }
const codeSchema = { code: [required()] }

/** `?phone`: the number to add or change to, then the code texted to it; the number is the account's once proven. */
export default function PhoneModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const profile = useProfile()
  const [sentTo, setSentTo] = useState<string>()
  const close = () => void modals.close('phone')
  return (
    <Dialog
      title={profile.data?.phone ? t('Change phone number') : t('Add phone number')}
      description={sentTo ? t('Enter the code we texted to {phone}.', { phone: sentTo }) : t('We text a code to the number to make sure it is yours.')}
      zIndex={zIndex}
      onClose={close}
    >
      {sentTo ? (
        <CodeStep
          phone={sentTo}
          onChangeNumber={() => {
            setSentTo(undefined)
          }}
          onDone={close}
        />
      ) : (
        <NumberStep onSent={setSentTo} />
      )}
    </Dialog>
  )
}

function NumberStep({ onSent }: { onSent: (phone: string) => void }) {
  const form = useForm({
    initialValues: { phone: '' },
    schema: numberSchema,
    mutation: useSendPhoneCode(),
    variables: ({ phone }) => normalisePhone(phone) ?? phone.trim(),
    onSuccess: (_, phone) => {
      onSent(phone)
    },
  })
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <TextField label={t('Phone number')} type="tel" inputMode="tel" autoComplete="tel" placeholder="+55 11 98765 4321" {...form.field('phone')} />
      <FormError>{form.formError}</FormError>
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Sending…') : t('Send code')}
      </Button>
    </form>
  )
}

function CodeStep({ phone, onChangeNumber, onDone }: { phone: string; onChangeNumber: () => void; onDone: () => void }) {
  const form = useForm({
    initialValues: { code: '' },
    schema: codeSchema,
    mutation: useVerifyPhone(),
    variables: ({ code }) => ({ phone, code: code.trim() }),
    onSuccess: () => {
      showToast({ title: t('Phone number confirmed'), tone: 'success' })
      onDone()
    },
  })
  return (
    <CodeForm form={form}>
      <Button variant="secondary" onClick={onChangeNumber} className="w-full">
        {t('Use another number')}
      </Button>
    </CodeForm>
  )
}
