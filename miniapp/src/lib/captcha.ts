import { env } from '@/config/env'
import { loadScriptGlobal } from '@/lib/load-script'

/** Spec section 9: the action the invisible (enterprise) captcha names. */
export const CAPTCHA_ACTION = 'frontend_form'

/** The part of Google's `grecaptcha` global the app uses (the sandbox's stand-in has the same). */
export interface Grecaptcha {
  render: (
    container: HTMLElement,
    params: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback'?: () => void; theme?: 'light' | 'dark' },
  ) => number
  reset: (widgetId?: number) => void
  ready: (callback: () => void) => void
  enterprise?: {
    ready: (callback: () => void) => void
    execute: (siteKey: string, options: { action: string }) => Promise<string>
  }
}

type CaptchaKind = 'v2' | 'enterprise' | 'off'

export interface CaptchaSettings {
  kind: CaptchaKind
  siteKey: string | undefined
  scriptUrl: string
}

/**
 * The captcha the forms use: as configured, except that a v2 captcha without a site key is none at all
 * (spec section 8: the warning, and a no-op captcha).
 */
export function captchaSettings(
  configured: CaptchaSettings = { kind: env.VITE_CAPTCHA, siteKey: env.VITE_CAPTCHA_SITE_KEY, scriptUrl: env.VITE_CAPTCHA_SCRIPT_URL },
): CaptchaSettings {
  if (configured.kind === 'v2' && !configured.siteKey) {
    console.warn('reCAPTCHA v2: key is missing')
    return { ...configured, kind: 'off' }
  }
  return configured
}

function readGrecaptcha(): Grecaptcha | undefined {
  return (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha
}

/** Loads the captcha's script once and waits until it is ready; null when it does not load (logged, spec section 8). */
export async function loadCaptcha(scriptUrl: string): Promise<Grecaptcha | null> {
  try {
    const grecaptcha = await loadScriptGlobal(scriptUrl, readGrecaptcha, 'The captcha script did not load.')
    await new Promise<void>((resolve) => {
      grecaptcha.ready(resolve)
    })
    return grecaptcha
  } catch (error) {
    console.error('[captcha] the captcha script did not load', error)
    return null
  }
}

/**
 * The invisible captcha's token for one form submission (action `frontend_form`), or undefined when the
 * forms use another kind or none; null when the captcha could not answer (logged), so the form is sent
 * without one and the platform says what is missing.
 */
export async function invisibleCaptchaToken(settings: CaptchaSettings = captchaSettings()): Promise<string | null | undefined> {
  if (settings.kind !== 'enterprise' || !settings.siteKey) return undefined
  const grecaptcha = await loadCaptcha(settings.scriptUrl)
  const enterprise = grecaptcha?.enterprise
  if (!enterprise) return null
  try {
    await new Promise<void>((resolve) => {
      enterprise.ready(resolve)
    })
    return await enterprise.execute(settings.siteKey, { action: CAPTCHA_ACTION })
  } catch (error) {
    console.error('[captcha] the invisible check did not answer', error)
    return null
  }
}
