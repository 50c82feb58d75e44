import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectAnalyticsSink, track, trackBet, trackDeposit, trackOncePerTab, trackRegistration } from '@/lib/analytics'
import { COOKIE_CONSENT_KEY, storeCookieConsent } from '@/lib/cookie-consent'
import { type DeviceFacts, deviceFacts, PIXEL_ACTION_IDS, PIXEL_CLIENT_LABELS, pixelUrl, sendImageBeacon, startPixel } from '@/lib/pixel'

const facts: DeviceFacts = { screen: '390x844', timeZoneOffset: -180, plugins: 5, mimeTypes: 2, memory: 8, threads: 4, renderer: 'ANGLE (Apple GPU)' }

function query(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams)
}

afterEach(() => {
  localStorage.removeItem(COOKIE_CONSENT_KEY)
  sessionStorage.clear()
  vi.restoreAllMocks()
})

describe('the pixel beacon', () => {
  it('carries the spec’s action id and client label of each event, and every device field', () => {
    expect(PIXEL_ACTION_IDS).toEqual({ visit: 80, regfin: 81, regnotfin: 82, ftd: 83, dep2: 84, dep3: 85, dep4: 86, dep5plus: 87, bet: 88, deposit: 89, bet30: 90 })
    expect(PIXEL_CLIENT_LABELS).toEqual({ regfin: 1, ftd: 2, bet: 3, deposit: 4, visit: 5, dep2: 6, dep3: 7, dep4: 8, dep5plus: 9, regnotfin: 14 })

    const url = pixelUrl('/sandbox/pixel', 'regfin', facts, 'n0nce') ?? ''
    expect(url.startsWith('/sandbox/pixel?')).toBe(true)
    expect(query(url)).toEqual({ r: 'n0nce', action: '81', label: '1', screen: '390x844', tz: '-180', plugins: '5', mimeTypes: '2', memory: '8', threads: '4', renderer: 'ANGLE (Apple GPU)' })
    // bet30 has no client label; fields the browser does not report are left out.
    const bare = pixelUrl('https://pixel.example/p?site=7', 'bet30', { screen: '1x1', timeZoneOffset: 0, plugins: 0, mimeTypes: 0 }, 'x') ?? ''
    expect(bare.startsWith('https://pixel.example/p?')).toBe(true)
    expect(query(bare)).toEqual({ site: '7', r: 'x', action: '90', screen: '1x1', tz: '0', plugins: '0', mimeTypes: '0' })
  })

  it('logs an event without a pixel action and sends nothing for it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(pixelUrl('/sandbox/pixel', 'completed-quests' as never, facts)).toBeUndefined()
    expect(error).toHaveBeenCalledWith('[pixel] no pixel action for the event completed-quests')
  })

  it('reads the device as the browser reports it', () => {
    const read = deviceFacts()
    expect(read.screen).toMatch(/^\d+x\d+$/)
    expect(read.timeZoneOffset).toBe(new Date().getTimezoneOffset())
    expect(read.plugins).toBeGreaterThanOrEqual(0)
  })

  it('logs a beacon that fails to load, as the spec says', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const images: HTMLImageElement[] = []
    vi.spyOn(window, 'Image').mockImplementation(function fake() {
      const image = document.createElement('img')
      images.push(image)
      return image
    })
    sendImageBeacon('/sandbox/pixel?r=1')
    expect(images[0]?.getAttribute('src')).toBe('/sandbox/pixel?r=1')
    images[0]?.dispatchEvent(new Event('error'))
    expect(error).toHaveBeenCalledWith('Failed to load Pixel')
  })
})

describe('the pixel and cookie consent', () => {
  it('holds events until all cookies are accepted, then sends one beacon each; quests are not its events', async () => {
    const sent: string[] = []
    const stop = startPixel('/sandbox/pixel', (url) => sent.push(url))
    trackDeposit(1)
    track('completed-quests')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(sent).toEqual([])

    storeCookieConsent('all')
    await vi.waitFor(() => {
      expect(sent.map((url) => query(url).action)).toEqual(['83', '89'])
    })
    track('visit')
    await vi.waitFor(() => {
      expect(sent.map((url) => query(url).action)).toEqual(['83', '89', '80'])
    })
    stop()
  })

  it('sends nothing for a visitor who keeps to the necessary cookies, and drops what waited', async () => {
    const sent: string[] = []
    const stop = startPixel('/sandbox/pixel', (url) => sent.push(url))
    track('visit')
    storeCookieConsent('necessary')
    track('ftd')
    storeCookieConsent('all')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(sent).toEqual([])
    track('deposit')
    await vi.waitFor(() => {
      expect(sent.map((url) => query(url).action)).toEqual(['89'])
    })
    stop()
  })
})

describe('conversion events', () => {
  it('fire visits, bets and unfinished registrations once per tab, finished registrations each time', () => {
    const received: string[] = []
    const disconnect = connectAnalyticsSink((event) => received.push(event))
    trackBet()
    trackBet()
    trackRegistration(false)
    trackRegistration(false)
    trackRegistration(true)
    trackRegistration(true)
    trackOncePerTab('visit')
    trackOncePerTab('visit')
    expect(received).toEqual(['bet', 'bet30', 'regnotfin', 'regfin', 'regfin', 'visit'])
    // The tab remembers across reloads (session storage).
    expect(JSON.parse(sessionStorage.getItem('analyticsFired') ?? '[]')).toEqual(['bet', 'bet30', 'regnotfin', 'visit'])
    disconnect()
  })
})
