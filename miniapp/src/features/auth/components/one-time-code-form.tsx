import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'

import type { CodeSent } from '@/features/auth/api/send-phone-code'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { useForm } from '@/lib/forms'
import { useCountdown } from '@/lib/use-countdown'
import { digits, required } from '@/lib/validation'
import { t } from '@/lib/i18n'

/** The platform's codes that people type are six digits. */
const CODE_LENGTH = 6

const schema = { code: [required(), digits(CODE_LENGTH)] }

export interface OneTimeCodeFormProps {
  /** Checks the code; a refusal (an `ApiError`) is shown on the field. */
  onSubmit: (code: string) => Promise<void>
  /** Sends a new code. */
  onResend: () => Promise<CodeSent>
  /** Seconds until a new code may be asked for. */
  retryAfter: number
  submitLabel: string
}

/** One field for a one-time code, with a resend that waits as long as the platform asks. */
export function OneTimeCodeForm({ onSubmit, onResend, retryAfter, submitLabel }: OneTimeCodeFormProps) {
  const [notice, setNotice] = useState<string>()
  const { secondsLeft: wait, restart } = useCountdown(retryAfter)
  const form = useForm({
    initialValues: { code: '' },
    schema,
    mutation: useMutation({ mutationFn: onSubmit }),
    variables: ({ code }) => code,
    codeMessages: { code_invalid: { code: t('This code is wrong or has expired. Check it, or ask for a new one.') } },
  })
  const resend = useForm({
    initialValues: {},
    mutation: useMutation({ mutationFn: onResend }),
    variables: () => undefined,
    onSuccess: (sent) => {
      restart(sent.retryAfter)
      form.set('code', '')
      setNotice(t('A new code is on its way.'))
    },
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setNotice(undefined)
        form.submit(event)
      }}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('Code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH + 2}
        {...form.field('code')}
        // A pasted "123 456" is the same code.
        onChange={(event) => {
          form.set('code', event.target.value.replace(/\s/g, ''))
        }}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em] [&_input]:tabular-nums"
      />
      <FormError>{resend.formError ?? form.formError}</FormError>
      {notice ? (
        <p role="status" className="text-sm text-hint">
          {notice}
        </p>
      ) : null}
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('Checking…') : submitLabel}
      </Button>
      <Button variant="secondary" disabled={wait > 0 || resend.pending} onClick={resend.submit} className="w-full">
        {wait > 0 ? t('Send a new code in {seconds} s', { seconds: wait }) : t('Send a new code')}
      </Button>
    </form>
  )
}
