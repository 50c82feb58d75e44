import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'

import { CaptchaField } from '@/components/captcha-field'
import { Button, buttonClassName } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { StateMessage } from '@/components/ui/state-message'
import { useSendContactMessage } from '@/features/content/api/send-contact-message'
import { ApiError } from '@/lib/api-client'
import { captchaSettings } from '@/lib/captcha'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { fieldRules, maxLength, required } from '@/lib/validation'

/** The platform's longest message and subject (`routes/notifications/communications.rs`). */
const MESSAGE_MAX = 5000
const SUBJECT_MAX = 200

const captcha = captchaSettings()

const schema = {
  email: [required(), ...fieldRules.email],
  subject: [maxLength(SUBJECT_MAX)],
  message: [required(), maxLength(MESSAGE_MAX)],
  // The checkbox must be ticked before sending; the invisible check needs nothing from the player.
  captcha: captcha.kind === 'v2' ? [required()] : [],
}

/**
 * `/contact`: the contact form (name, e-mail, subject, message) for guests and players alike; a signed-in
 * player's name and e-mail are filled in (`from`). The platform mails support and acknowledges to the
 * sender. The form carries the configured captcha (`CaptchaField`); the platform checks it.
 */
export function ContactPage({ from }: { from?: { name?: string | undefined; email?: string | undefined } | undefined }) {
  // A token is good for one check: after the platform refused one, the box is cleared to be ticked again.
  const [captchaReset, setCaptchaReset] = useState(0)
  const [captchaRefused, setCaptchaRefused] = useState(false)
  const send = useSendContactMessage({
    onError: (error) => {
      if (!(error instanceof ApiError) || error.fields?.captcha === undefined) return
      setCaptchaRefused(true)
      setCaptchaReset((count) => count + 1)
      form.set('captcha', '')
    },
  })
  const messageId = useId()
  const form = useForm({
    initialValues: { name: from?.name ?? '', email: from?.email ?? '', subject: '', message: '', captcha: '' },
    schema,
    mutation: send,
    variables: ({ name, email, subject, message, captcha: token }) => ({
      email: email.trim(),
      message: message.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(subject.trim() ? { subject: subject.trim() } : {}),
      ...(token ? { captcha: token } : {}),
    }),
  })
  const captchaError = captchaRefused
    ? t('The robot check did not pass. Tick the box again, then send.')
    : form.errors.captcha
      ? t('Tick “I’m not a robot” first.')
      : undefined
  if (send.isSuccess)
    return (
      <div className="px-4 py-4">
        <StateMessage
          title={t('Your message is on its way')}
          description={t('Our support team answers by e-mail, usually within a day. Your reference is #{id}.', { id: String(send.data) })}
          action={
            <Link to="/" search={{}} className={buttonClassName('primary')}>
              {t('Homepage')}
            </Link>
          }
        />
      </div>
    )
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-4">
      <h1 className="text-2xl font-bold text-fg">{t('Contact us')}</h1>
      <p className="text-sm text-hint">{t('Write to us about anything: payments, bonuses, your account. We answer by e-mail.')}</p>
      <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
        <TextField label={t('Your name')} autoComplete="name" {...form.field('name')} />
        <TextField label={t('E-mail')} type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
        <TextField label={t('Subject')} maxLength={SUBJECT_MAX} {...form.field('subject')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={messageId} className="text-sm font-medium text-fg">
            {t('Message')}
          </label>
          <textarea
            id={messageId}
            name="message"
            rows={6}
            maxLength={MESSAGE_MAX}
            value={form.values.message}
            onChange={(event) => {
              form.set('message', event.target.value)
            }}
            aria-invalid={form.errors.message ? true : undefined}
            {...(form.errors.message ? { 'aria-describedby': `${messageId}-error` } : {})}
            className="rounded-xl border border-section bg-bg px-3 py-2 text-base text-fg aria-invalid:border-destructive"
          />
          {form.errors.message ? (
            <p id={`${messageId}-error`} className="text-sm text-destructive">
              {form.errors.message}
            </p>
          ) : null}
        </div>
        <CaptchaField
          settings={captcha}
          resetKey={captchaReset}
          error={captchaError}
          onToken={(token) => {
            setCaptchaRefused(false)
            form.set('captcha', token)
          }}
        />
        <FormError>{form.formError}</FormError>
        <Button type="submit" disabled={form.pending} className="self-start">
          {form.pending ? t('Sending…') : t('Send message')}
        </Button>
      </form>
    </div>
  )
}
