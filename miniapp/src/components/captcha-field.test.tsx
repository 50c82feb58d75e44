import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { CaptchaField } from '@/components/captcha-field'
import type { Grecaptcha } from '@/lib/captcha'

const host = window as unknown as { grecaptcha?: Grecaptcha }
type RenderParams = Parameters<Grecaptcha['render']>[1]

afterEach(() => {
  delete host.grecaptcha
})

describe('the captcha field', () => {
  it('draws the v2 checkbox with the site key and palette, passes its tokens on and clears it when asked', async () => {
    let params: RenderParams | undefined
    const grecaptcha: Grecaptcha = {
      render: vi.fn((_container: HTMLElement, given: RenderParams) => {
        params = given
        return 3
      }),
      reset: vi.fn(),
      ready: (callback) => {
        callback()
      },
    }
    host.grecaptcha = grecaptcha
    const onToken = vi.fn()
    const settings = { kind: 'v2' as const, siteKey: 'site-key', scriptUrl: '/c.js' }
    const view = render(<CaptchaField settings={settings} onToken={onToken} error={undefined} resetKey={0} />)
    await waitFor(() => {
      expect(grecaptcha.render).toHaveBeenCalledTimes(1)
    })
    expect(params).toMatchObject({ sitekey: 'site-key', theme: expect.stringMatching(/^(light|dark)$/) as unknown })
    params?.callback('token-1')
    expect(onToken).toHaveBeenLastCalledWith('token-1')
    params?.['expired-callback']()
    expect(onToken).toHaveBeenLastCalledWith('')

    view.rerender(<CaptchaField settings={settings} onToken={onToken} error="Tick it first." resetKey={1} />)
    expect(grecaptcha.reset).toHaveBeenCalledWith(3)
    expect(screen.getByRole('group', { name: 'Robot check' })).toHaveAccessibleDescription('Tick it first.')
  })

  it('says the invisible check protects the form, and draws nothing when there is no captcha', () => {
    const view = render(<CaptchaField settings={{ kind: 'enterprise', siteKey: 'k', scriptUrl: '/c.js' }} onToken={vi.fn()} error={undefined} resetKey={0} />)
    expect(screen.getByText(/protected by reCAPTCHA/)).toBeInTheDocument()
    view.rerender(<CaptchaField settings={{ kind: 'off', siteKey: 'k', scriptUrl: '/c.js' }} onToken={vi.fn()} error={undefined} resetKey={0} />)
    expect(view.container).toBeEmptyDOMElement()
  })
})
