import { describe, expect, it } from 'vitest'

import { detectLaunch } from '@/lib/launch'
import { launchAttribution } from '@/lib/start-param'

const initData = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc'

function windowAt(url: string, extra: Record<string, unknown> = {}): Window {
  return { location: new URL(url), ...extra } as unknown as Window
}

describe('detectLaunch', () => {
  it('is Telegram when the hash carries launch parameters, keeping the raw init data exactly', () => {
    const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppStartParam=ref_7`
    expect(detectLaunch(windowAt(`https://casino.test/${hash}`), sessionStorage)).toEqual({
      mode: 'telegram',
      initData,
      startParam: 'ref_7',
    })
  })

  it('stays Telegram after a reload without the hash, and is web for a plain visit', () => {
    sessionStorage.clear()
    expect(detectLaunch(windowAt('https://casino.test/'), sessionStorage)).toEqual({ mode: 'web' })
    detectLaunch(windowAt(`https://casino.test/#tgWebAppData=${encodeURIComponent(initData)}`), sessionStorage)
    expect(detectLaunch(windowAt('https://casino.test/'), sessionStorage)).toMatchObject({ mode: 'telegram', initData })
  })

  it("reads Telegram's web-app script when it is there", () => {
    const win = windowAt('https://casino.test/', { Telegram: { WebApp: { initData, initDataUnsafe: { start_param: 'stag_x' } } } })
    expect(detectLaunch(win, sessionStorage)).toEqual({ mode: 'telegram', initData, startParam: 'stag_x' })
  })
})

describe('launchAttribution', () => {
  it('reads ref_<id> and stag_<tag> start parameters, and the launch URL query', () => {
    expect(launchAttribution({ mode: 'telegram', initData, startParam: 'ref_7' }, '')).toEqual({ refId: '7', affiliateTag: undefined })
    expect(launchAttribution({ mode: 'telegram', initData, startParam: 'stag_summer' }, '')).toEqual({
      refId: undefined,
      affiliateTag: 'summer',
    })
    expect(launchAttribution({ mode: 'web' }, '?ref_id=9&stag=promo')).toEqual({ refId: '9', affiliateTag: 'promo' })
    expect(launchAttribution({ mode: 'telegram', initData, startParam: undefined }, '', 'stored')).toEqual({
      refId: undefined,
      affiliateTag: 'stored',
    })
  })
})
