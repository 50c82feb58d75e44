import { describe, expect, it } from 'vitest'

import { COOKIE_CONSENT_KEY, readCookieConsent, storeCookieConsent } from '@/lib/cookie-consent'

describe('cookie consent', () => {
  it('remembers the choice in local storage', () => {
    expect(readCookieConsent()).toBeUndefined()
    storeCookieConsent('necessary', 1000)
    expect(readCookieConsent()).toEqual({ choice: 'necessary', at: 1000 })
  })

  it('asks again when the stored value is not a choice', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, '{"choice":"maybe","at":1}')
    expect(readCookieConsent()).toBeUndefined()
    localStorage.setItem(COOKIE_CONSENT_KEY, 'not json')
    expect(readCookieConsent()).toBeUndefined()
  })
})
