import { describe, expect, it } from 'vitest'

import { derbyEvent, soccerInfo } from '@/features/sportsbook/testing/handlers'
import {
  type SportsbookRoute,
  SPECIAL_PAGES,
  eventLocation,
  parseSportAddress,
  routeLocation,
  routeOfAddress,
  sameRoute,
  slugify,
} from '@/features/sportsbook/sport-path'
import { LOCALES } from '@/lib/i18n'

// The fixtures of the feature's mock handlers: soccer with two categories, and one derby.
const soccer = soccerInfo
const derby = derbyEvent

/** What the app does with an address: parse it, look its sport up, and route the widget there. */
function resolve(path: string, query: Record<string, string> = {}): SportsbookRoute | undefined {
  const address = parseSportAddress(path.replace(/^\/sport\/?/, ''), query)
  return routeOfAddress(address, soccer)
}

describe('slugify', () => {
  it('makes lowercase hyphenated slugs without accents or punctuation', () => {
    expect(slugify('Premier League')).toBe('premier-league')
    expect(slugify('São Tomé & Príncipe')).toBe('sao-tome-principe')
    expect(slugify('  Arsenal vs. Chelsea!  ')).toBe('arsenal-vs-chelsea')
    expect(slugify('Лига Чемпионов')).toBe('лига-чемпионов')
  })
})

describe('sport addresses and widget routes', () => {
  const shapes: SportsbookRoute[] = [
    { page: 'overview' },
    { page: 'sport', sportId: 66 },
    { page: 'category', sportId: 66, categoryIds: [601] },
    { page: 'category', sportId: 66, categoryIds: [601, 602] },
    { page: 'championship', sportId: 66, categoryIds: [601], championshipIds: [20001] },
    { page: 'championship', sportId: 66, categoryIds: [601], championshipIds: [20001, 20002] },
    { page: 'esports', sportId: 145 },
    ...SPECIAL_PAGES.filter((page) => page !== 'esports').map((page): SportsbookRoute => ({ page })),
  ]

  for (const locale of LOCALES) {
    it(`round-trips every route shape in ${locale}`, () => {
      for (const route of shapes) {
        const { path, search } = routeLocation(route, locale, soccer)
        const back = resolve(path, search)
        expect(back !== undefined && sameRoute(back, route), `${path} ${JSON.stringify(search)} -> ${JSON.stringify(back)}`).toBe(true)
      }
    })

    it(`round-trips an event in ${locale}`, () => {
      const { path, search } = eventLocation(derby, locale)
      expect(path).toBe('/sport/soccer/england/premier-league/5000001-arsenal-vs-chelsea')
      const back = resolve(path, search)
      expect(back).toEqual({ page: 'event', sportId: 66, categoryIds: [601], championshipIds: [20001], eventId: 5000001 })
    })
  }

  it('puts ids in the query only when there is more than one or the language is not English', () => {
    const one: SportsbookRoute = { page: 'championship', sportId: 66, categoryIds: [601], championshipIds: [20001] }
    expect(routeLocation(one, 'en', soccer)).toEqual({ path: '/sport/soccer/england/premier-league', search: {} })
    expect(routeLocation(one, 'es', soccer)).toEqual({
      path: '/sport/soccer/england/premier-league',
      search: { categoryIds: '601', championshipIds: '20001' },
    })
    expect(routeLocation({ ...one, championshipIds: [20001, 20002] }, 'en', soccer)).toEqual({
      path: '/sport/soccer/england/premier-league',
      search: { championshipIds: '20001,20002' },
    })
    expect(eventLocation(derby, 'ru').search).toEqual({ categoryIds: '601', championshipIds: '20001' })
    expect(eventLocation(derby, 'en').search).toEqual({})
  })

  it('prefers the query’s ids over the names, which another language may not match', () => {
    expect(resolve('/sport/soccer/inglaterra/liga-premier', { categoryIds: '601', championshipIds: '20001' })).toEqual({
      page: 'championship',
      sportId: 66,
      categoryIds: [601],
      championshipIds: [20001],
    })
  })

  it('reads the special first segments, case-insensitively, and /sport/event/{id}', () => {
    expect(parseSportAddress('betHistory')).toEqual({ kind: 'special', page: 'betHistory' })
    expect(parseSportAddress('bethistory')).toEqual({ kind: 'special', page: 'betHistory' })
    expect(parseSportAddress('live')).toEqual({ kind: 'special', page: 'live' })
    expect(parseSportAddress('event/5000001')).toEqual({ kind: 'event', eventId: 5000001 })
    expect(resolve('/sport/event/5000001')).toEqual({ page: 'event', eventId: 5000001 })
    expect(resolve('/sport/esports')).toEqual({ page: 'esports', sportId: 145 })
    expect(parseSportAddress('esports/counter-strike')).toEqual({ kind: 'tree', sport: 'esports', category: 'counter-strike' })
  })

  it('round-trips the results, settings and virtual pages, a result’s details naming its event in the query', () => {
    for (const page of ['results', 'settings', 'virtual'] as const) {
      expect(routeLocation({ page }, 'en')).toEqual({ path: `/sport/${page}`, search: {} })
      expect(resolve(`/sport/${page}`)).toEqual({ page })
    }
    const details = routeLocation({ page: 'resultDetails', eventId: 5000001 }, 'es')
    expect(details).toEqual({ path: '/sport/resultDetails', search: { eventId: '5000001' } })
    expect(resolve(details.path, details.search)).toEqual({ page: 'resultDetails', eventId: 5000001 })
    expect(resolve('/sport/resultDetails')).toEqual({ page: 'resultDetails' })
    expect(resolve('/sport/resultDetails', { eventId: 'x' })).toBeUndefined()
  })

  it('falls back (no route) for unknown sports, categories, championships and malformed addresses', () => {
    for (const path of [
      '/sport/curling',
      '/sport/soccer/narnia',
      '/sport/soccer/england/no-such-cup',
      '/sport/soccer/england/premier-league/not-an-event',
      '/sport/event/abc',
      '/sport/event',
      '/sport/live/extra',
      '/sport/soccer/england/premier-league/5000001-x/more',
      '/sport/soccer/%E0%A4%A',
    ]) {
      expect(resolve(path), path).toBeUndefined()
    }
    expect(resolve('/sport/soccer/england', { categoryIds: '601,x' })).toBeUndefined()
    expect(resolve('/sport/soccer', { eventId: '-1' })).toBeUndefined()
    // The ids of another sport are not this one's: the names decide.
    expect(resolve('/sport/soccer/england', { categoryIds: '999' })).toEqual({ page: 'category', sportId: 66, categoryIds: [601] })
  })

  it('sends what it cannot name to /sport', () => {
    expect(routeLocation({ page: 'sport', sportId: 9999 }, 'en').path).toBe('/sport')
    expect(routeLocation({ page: 'category', sportId: 66, categoryIds: [999] }, 'en', soccer).path).toBe('/sport')
    expect(routeLocation({ page: 'category', sportId: 66, categoryIds: [601] }, 'en').path).toBe('/sport')
    expect(routeLocation({ page: 'event', eventId: 5000001 }, 'en').path).toBe('/sport/event/5000001')
    expect(routeLocation({ page: 'event', eventId: 5000001 }, 'en', undefined, derby).path).toBe(
      '/sport/soccer/england/premier-league/5000001-arsenal-vs-chelsea',
    )
  })

  it('treats an event as the same place whichever path named it', () => {
    expect(sameRoute({ page: 'event', eventId: 1 }, { page: 'event', eventId: 1, sportId: 66, categoryIds: [601] })).toBe(true)
    expect(sameRoute({ page: 'category', sportId: 66, categoryIds: [601, 602] }, { page: 'category', sportId: 66, categoryIds: [602, 601] })).toBe(true)
    expect(sameRoute({ page: 'sport', sportId: 66 }, { page: 'sport', sportId: 67 })).toBe(false)
  })
})
