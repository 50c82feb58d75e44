import { afterEach, describe, expect, it, vi } from 'vitest'

import { provideRobotToken, resetRobotToken, startCaptcha } from '@/features/sportsbook/sportsbook-captcha'
import { CAPTCHA_ACTION, type Grecaptcha } from '@/lib/captcha'

const host = window as unknown as { grecaptcha?: Grecaptcha }

afterEach(() => {
  resetRobotToken()
  delete host.grecaptcha
})

describe('the sportsbook start-up’s captcha', () => {
  it('asks nothing when no captcha is configured', async () => {
    expect(await startCaptcha({ kind: 'off', siteKey: undefined, scriptUrl: '/c.js' })).toEqual({})
  })

  it('waits for the v2 tick, and spends each tick on one start', async () => {
    const v2 = { kind: 'v2' as const, siteKey: 'site', scriptUrl: '/c.js' }
    expect(await startCaptcha(v2)).toBe('needed')
    provideRobotToken('tick-1')
    expect(await startCaptcha(v2)).toEqual({ token: 'tick-1' })
    expect(await startCaptcha(v2)).toBe('needed')
    // An expired box ('') is no tick.
    provideRobotToken('')
    expect(await startCaptcha(v2)).toBe('needed')
  })

  it('takes the invisible enterprise token with the spec’s action at every start', async () => {
    const execute = vi.fn(() => Promise.resolve('invisible-token'))
    host.grecaptcha = {
      render: vi.fn(),
      reset: vi.fn(),
      ready: (callback) => { callback() },
      enterprise: { ready: (callback) => { callback() }, execute },
    }
    const enterprise = { kind: 'enterprise' as const, siteKey: 'site', scriptUrl: '/c.js' }
    expect(await startCaptcha(enterprise)).toEqual({ token: 'invisible-token' })
    expect(execute).toHaveBeenCalledWith('site', { action: CAPTCHA_ACTION })
    // One that does not answer sends none: the platform says what is missing.
    execute.mockRejectedValueOnce(new Error('down'))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await startCaptcha(enterprise)).toEqual({})
  })
})
