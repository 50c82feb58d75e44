import { afterEach, describe, expect, it, vi } from 'vitest'

import { track } from '@/lib/analytics'
import { onceTrackingAllowed, storeCookieConsent } from '@/lib/cookie-consent'
import { startTagManager } from '@/lib/tag-manager'

const host = window as unknown as { dataLayer?: Record<string, unknown>[] }

afterEach(() => {
  delete host.dataLayer
  document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((script) => {
    script.remove()
  })
  vi.restoreAllMocks()
})

describe('the tag manager', () => {
  it('starts the container, loads its script by id and forwards every analytics event to the data layer', () => {
    const stop = startTagManager('GTM-AB12CD3')
    expect(host.dataLayer?.[0]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) as unknown })
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]')
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3')
    track('ftd')
    track('completed-quests')
    expect(host.dataLayer?.slice(1)).toEqual([{ event: 'ftd' }, { event: 'completed-quests' }])
    stop()
    track('deposit')
    expect(host.dataLayer).toHaveLength(3)
  })

  it('logs a script that does not load, and the app goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const stop = startTagManager('GTM-ZZZ9999')
    document.head.querySelector('script[src*="GTM-ZZZ9999"]')?.dispatchEvent(new Event('error'))
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledWith('[tag manager] not loaded', expect.any(Error))
    })
    stop()
  })
})

describe('trackers and cookie consent', () => {
  it('start at once for a visitor who accepted all cookies, on acceptance otherwise, never on necessary only', () => {
    const started = vi.fn()
    onceTrackingAllowed(started)
    expect(started).not.toHaveBeenCalled()
    storeCookieConsent('necessary')
    expect(started).not.toHaveBeenCalled()
    storeCookieConsent('all')
    expect(started).toHaveBeenCalledTimes(1)
    storeCookieConsent('all')
    expect(started).toHaveBeenCalledTimes(1)

    const again = vi.fn()
    onceTrackingAllowed(again)
    expect(again).toHaveBeenCalledTimes(1)
  })
})
