import { type SyntheticEvent, useState } from 'react'

import type { CodeSent } from '@/features/auth/api/phone-codes'
import { type FieldErrors, messagesOf, serverErrors } from '@/features/auth/components/form-errors'
import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { useCountdown } from '@/lib/use-countdown'
import { digits, required, validateValues } from '@/lib/validation'
import { t } from '@/lib/i18n'

/** The platform's codes that people type are six digits. */
const CODE_LENGTH = 6

type Field = 'code'

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
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [pending, setPending] = useState(false)
  const { secondsLeft: wait, restart } = useCountdown(retryAfter)

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const typed = code.replace(/\s/g, '')
    const invalid = messagesOf(validateValues({ code: typed }, schema))
    setErrors(invalid)
    setFormError(undefined)
    setNotice(undefined)
    if (Object.keys(invalid).length > 0) return
    setPending(true)
    try {
      await onSubmit(typed)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'code_invalid') {
        setErrors({ code: t('This code is wrong or has expired. Check it, or ask for a new one.') })
      } else {
        const shown = serverErrors<Field>(error, { code: 'code' })
        setErrors(shown.fields)
        setFormError(shown.form)
      }
      setPending(false)
    }
  }

  const resend = async () => {
    setFormError(undefined)
    try {
      const sent = await onResend()
      restart(sent.retryAfter)
      setCode('')
      setErrors({})
      setNotice(t('A new code is on its way.'))
    } catch (error) {
      setFormError(serverErrors(error, {}).form)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('Code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH + 2}
        value={code}
        onChange={(event) => {
          setCode(event.target.value)
          setErrors({})
        }}
        error={errors.code}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em] [&_input]:tabular-nums"
      />
      <FormError>{formError}</FormError>
      {notice ? (
        <p role="status" className="text-sm text-hint">
          {notice}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('Checking…') : submitLabel}
      </Button>
      <Button variant="secondary" disabled={wait > 0} onClick={() => void resend()} className="w-full">
        {wait > 0 ? t('Send a new code in {seconds} s', { seconds: wait }) : t('Send a new code')}
      </Button>
    </form>
  )
}
