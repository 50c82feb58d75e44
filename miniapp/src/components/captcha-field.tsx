import { useEffect, useId, useRef, useState } from 'react'

import { type CaptchaSettings, loadCaptcha } from '@/lib/captcha'
import { useShownColorMode } from '@/lib/color-mode'
import { t } from '@/lib/i18n'
import { FieldError } from '@/components/ui/form-field'

/**
 * The captcha of a form, as configured: the v2 checkbox (its token goes to `onToken`, an expired one
 * as ''), a line saying the invisible check protects the form (enterprise: its token is taken when the
 * form is sent), or nothing. A change of `resetKey` clears the checkbox (after the platform refused a
 * token: each is good for one check). A script that does not load says so; the form can still be sent.
 */
export function CaptchaField({
  settings,
  onToken,
  error,
  resetKey,
}: {
  settings: CaptchaSettings
  onToken: (token: string) => void
  error: string | undefined
  resetKey: number
}) {
  const container = useRef<HTMLDivElement>(null)
  const widget = useRef<{ id: number; reset: (id?: number) => void }>(undefined)
  const [failed, setFailed] = useState(false)
  const colorMode = useShownColorMode()
  const errorId = useId()
  const latest = useRef(onToken)
  useEffect(() => {
    latest.current = onToken
  })

  useEffect(() => {
    if (settings.kind !== 'v2' || !settings.siteKey) return
    const siteKey = settings.siteKey
    let cancelled = false
    void loadCaptcha(settings.scriptUrl).then((grecaptcha) => {
      if (cancelled) return
      const host = container.current
      if (!grecaptcha || !host) {
        setFailed(true)
        return
      }
      host.replaceChildren()
      const id = grecaptcha.render(host, {
        sitekey: siteKey,
        theme: colorMode,
        callback: (token) => {
          latest.current(token)
        },
        'expired-callback': () => {
          latest.current('')
        },
      })
      widget.current = { id, reset: grecaptcha.reset }
    })
    return () => {
      cancelled = true
      widget.current = undefined
    }
    // The widget takes its palette when drawn; a later switch redraws it.
  }, [settings.kind, settings.siteKey, settings.scriptUrl, colorMode])

  useEffect(() => {
    if (resetKey === 0) return
    widget.current?.reset(widget.current.id)
  }, [resetKey])

  if (settings.kind === 'off') return null
  if (settings.kind === 'enterprise') return <p className="text-xs text-hint">{t('This form is protected by reCAPTCHA against automated sending.')}</p>
  return (
    <div className="flex flex-col gap-1.5" role="group" aria-label={t('Robot check')} {...(error ? { 'aria-describedby': errorId } : {})}>
      <div ref={container} className="min-h-[78px]" />
      {failed ? <p className="text-sm text-hint">{t('The robot check did not load. Reload the page to try again.')}</p> : null}
      <FieldError id={errorId} error={error} />
    </div>
  )
}
