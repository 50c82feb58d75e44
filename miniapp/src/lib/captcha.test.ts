import { afterEach, describe, expect, it, vi } from 'vitest'

import { CAPTCHA_ACTION, captchaSettings, type Grecaptcha, invisibleCaptchaToken, loadCaptcha } from '@/lib/captcha'

const host = window as unknown as { grecaptcha?: Grecaptcha }

function fakeGrecaptcha(): Grecaptcha & { execute: ReturnType<typeof vi.fn> } {
  const execute = vi.fn(() => Promise.resolve('sandbox.pass.frontend_form.x'))
  const ready = (callback: () => void) => {
    callback()
  }
  return { render: vi.fn(() => 0), reset: vi.fn(), ready, enterprise: { ready, execute }, execute }
}

afterEach(() => {
  delete host.grecaptcha
  vi.restoreAllMocks()
})

describe('the captcha', () => {
  it('is none, with the spec’s warning, when a v2 captcha has no site key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(captchaSettings({ kind: 'v2', siteKey: undefined, scriptUrl: '/c.js' }).kind).toBe('off')
    expect(warn).toHaveBeenCalledWith('reCAPTCHA v2: key is missing')
    expect(captchaSettings({ kind: 'v2', siteKey: 'key', scriptUrl: '/c.js' }).kind).toBe('v2')
    expect(captchaSettings({ kind: 'enterprise', siteKey: 'key', scriptUrl: '/c.js' }).kind).toBe('enterprise')
  })

  it('takes an invisible token for the form action, only for the enterprise kind', async () => {
    const grecaptcha = fakeGrecaptcha()
    host.grecaptcha = grecaptcha
    expect(await invisibleCaptchaToken({ kind: 'enterprise', siteKey: 'site-key', scriptUrl: '/c.js' })).toBe('sandbox.pass.frontend_form.x')
    expect(grecaptcha.execute).toHaveBeenCalledWith('site-key', { action: CAPTCHA_ACTION })
    expect(CAPTCHA_ACTION).toBe('frontend_form')
    expect(await invisibleCaptchaToken({ kind: 'v2', siteKey: 'site-key', scriptUrl: '/c.js' })).toBeUndefined()
    expect(await invisibleCaptchaToken({ kind: 'off', siteKey: 'site-key', scriptUrl: '/c.js' })).toBeUndefined()
  })

  it('logs a script that does not load and answers null, never throwing into the form', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const loading = loadCaptcha('/missing-captcha.js')
    const script = document.head.querySelector<HTMLScriptElement>('script[src="/missing-captcha.js"]')
    script?.dispatchEvent(new Event('error'))
    expect(await loading).toBeNull()
    expect(error).toHaveBeenCalledWith('[captcha] the captcha script did not load', expect.any(Error))

    const token = invisibleCaptchaToken({ kind: 'enterprise', siteKey: 'k', scriptUrl: '/missing-enterprise.js' })
    await Promise.resolve()
    document.head.querySelector('script[src="/missing-enterprise.js"]')?.dispatchEvent(new Event('error'))
    expect(await token).toBeNull()
  })

  it('answers null when the invisible check itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const grecaptcha = fakeGrecaptcha()
    grecaptcha.execute.mockReturnValue(Promise.reject(new Error('network')))
    host.grecaptcha = grecaptcha
    expect(await invisibleCaptchaToken({ kind: 'enterprise', siteKey: 'k', scriptUrl: '/c.js' })).toBeNull()
  })
})
