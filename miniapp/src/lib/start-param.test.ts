import { beforeEach, describe, expect, it } from 'vitest'

import { launchAttribution, parseStartParam, routeStartParam, SCREENS, startParamFor, startPath } from '@/lib/start-param'

describe('parseStartParam', () => {
  it('reads every screen, a game and a sport event', () => {
    for (const screen of SCREENS) expect(parseStartParam(screen)).toEqual({ target: { screen } })
    expect(parseStartParam('game_sandbox-slots_7')).toEqual({ target: { screen: 'game', id: 'sandbox-slots_7' } })
    expect(parseStartParam('event_5000029')).toEqual({ target: { screen: 'event', id: '5000029' } })
  })

  it("keeps the spec's referral and affiliate forms", () => {
    expect(parseStartParam('ref_42')).toEqual({ refId: '42' })
    expect(parseStartParam('ref_0042')).toEqual({ refId: '42' })
    expect(parseStartParam('stag_summer-promo_1')).toEqual({ affiliateTag: 'summer-promo_1' })
  })

  it('reads a screen shared with the referral of whoever shared it', () => {
    expect(parseStartParam('game_book-of-ra__ref_42')).toEqual({ target: { screen: 'game', id: 'book-of-ra' }, refId: '42' })
    expect(parseStartParam('event_77__ref_9')).toEqual({ target: { screen: 'event', id: '77' }, refId: '9' })
    expect(parseStartParam('wallet__ref_3')).toEqual({ target: { screen: 'wallet' }, refId: '3' })
  })

  it('ignores anything else whole', () => {
    for (const raw of [
      undefined,
      null,
      '',
      'hello',
      'Wallet',
      'ref_',
      'ref_0',
      'ref_abc',
      'ref_1234567890123456789',
      'stag_',
      'game_',
      'game_-x',
      'game_a b',
      'game_<script>',
      'event_',
      'event_0',
      'event_12a',
      'event_1234567890123456',
      'wallet__ref_',
      'wallet__ref_x',
      'hello__ref_42',
      '__ref_42',
      'game_a/../b',
      `game_${'a'.repeat(60)}`,
      'wallet%20',
    ]) {
      expect(parseStartParam(raw), String(raw)).toEqual({})
    }
  })
})

describe('startParamFor', () => {
  it('writes what the parser reads back, within 64 characters', () => {
    expect(startParamFor({ screen: 'game', id: 'book-of-ra' })).toBe('game_book-of-ra')
    expect(startParamFor({ screen: 'game', id: 'book-of-ra' }, '42')).toBe('game_book-of-ra__ref_42')
    expect(startParamFor({ screen: 'event', id: '5000029' }, '7')).toBe('event_5000029__ref_7')
    expect(startParamFor({ screen: 'wallet' })).toBe('wallet')
  })

  it('gives nothing that Telegram would refuse or the parser would misread', () => {
    expect(startParamFor({ screen: 'game', id: 'a'.repeat(60) })).toBeUndefined()
    expect(startParamFor({ screen: 'game', id: 'a b' })).toBeUndefined()
    expect(startParamFor({ screen: 'event', id: 'x' })).toBeUndefined()
    expect(startParamFor({ screen: 'game', id: 'slots' }, 'abc')).toBeUndefined()
  })
})

describe('startPath', () => {
  it('opens the wallet modal, the bet history, the bonuses, the quests, a game and an event', () => {
    expect(startPath({ screen: 'wallet' })).toBe('/?wallet=true')
    expect(startPath({ screen: 'bets' })).toBe('/wallet/history?tab=bets')
    expect(startPath({ screen: 'bonuses' })).toBe('/bonuses')
    expect(startPath({ screen: 'loyalty' })).toBe('/bonuses')
    expect(startPath({ screen: 'quests' })).toBe('/?quests-hub=true')
    expect(startPath({ screen: 'game', id: 'slots' })).toBe('/game/slots')
    expect(startPath({ screen: 'event', id: '5' })).toBe('/sport/event/5')
  })
})

describe('routeStartParam', () => {
  function windowAt(url: string) {
    const location = new URL(url)
    const replaced: string[] = []
    const win = {
      location,
      history: {
        state: null,
        replaceState: (_state: unknown, _title: string, address: string) => {
          replaced.push(address)
          const next = new URL(address, location.origin)
          location.pathname = next.pathname
          location.search = next.search
          location.hash = next.hash
        },
      },
    } as unknown as Window
    return { win, replaced, location }
  }

  beforeEach(() => {
    sessionStorage.clear()
  })

  it("opens Telegram's start parameter's screen once per tab, keeping the launch hash", () => {
    const first = windowAt('https://casino.test/#tgWebAppData=x')
    routeStartParam('game_slots__ref_42', first.win, sessionStorage)
    expect(first.replaced).toEqual(['/game/slots#tgWebAppData=x'])
    const reload = windowAt('https://casino.test/wallet/history')
    routeStartParam('game_slots__ref_42', reload.win, sessionStorage)
    expect(reload.replaced).toEqual([])
  })

  it("opens a web address's screen, keeping the rest of its query and its locale", () => {
    const { win, replaced } = windowAt('https://casino.test/es/?startapp=wallet&ref_id=9')
    routeStartParam(undefined, win, sessionStorage)
    expect(replaced).toEqual(['/es/?wallet=true&ref_id=9'])
    const telegramName = windowAt('https://casino.test/?tgWebAppStartParam=event_77')
    routeStartParam(undefined, telegramName.win, sessionStorage)
    expect(telegramName.replaced).toEqual(['/sport/event/77'])
  })

  it("hands a web address's referral to the launch's attribution", () => {
    const { win, location } = windowAt('https://casino.test/?startapp=game_slots__ref_42')
    routeStartParam(undefined, win, sessionStorage)
    expect(`${location.pathname}${location.search}`).toBe('/game/slots?ref_id=42')
    expect(launchAttribution({ mode: 'telegram', initData: 'x', startParam: undefined }, location.search, undefined).refId).toBe('42')
  })

  it('drops a bad parameter from the address and goes nowhere', () => {
    const { win, replaced } = windowAt('https://casino.test/games?startapp=game_%3Cscript%3E')
    routeStartParam('nonsense', win, sessionStorage)
    expect(replaced).toEqual(['/games'])
  })

  it("reads a Telegram referral combined with a screen for the launch's sign-in", () => {
    expect(launchAttribution({ mode: 'telegram', initData: 'x', startParam: 'event_77__ref_5' }, '', undefined)).toEqual({
      refId: '5',
      affiliateTag: undefined,
    })
  })
})
