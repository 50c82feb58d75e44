import type { Schemas } from '@/lib/api-types'
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n'
import type { PAGE_QUERY_KEYS } from '@/lib/modals'

import { ESPORTS_SPORT_ID, sportByCode, sportById } from '@/features/sportsbook/sport-catalogue'

/**
 * The app's `/sport/...` addresses and the sportsbook widget's in-memory routes, both ways (spec section
 * 2, "Sportsbook routes"): `/sport/{sport}/{category}/{championship}/{eventId-eventname}`, each segment a
 * lowercase hyphenated slug of the name; category and championship ids in the query (comma-separated)
 * only when there is more than one, or when the language is not English (whose names the slugs may not
 * match); the special first segments; `/sport/event/{eventId}`; `/sport` for everything else.
 */

export type SportInfo = Schemas['SportInfo']
export type EventInfo = Schemas['EventInfo']

export const SPECIAL_PAGES = ['betHistory', 'history', 'live', 'results', 'resultDetails', 'settings', 'search', 'esports', 'virtual'] as const
type SpecialPage = (typeof SPECIAL_PAGES)[number]
type SportsbookPage = 'overview' | 'sport' | 'category' | 'championship' | 'event' | SpecialPage

/** Where the widget is, as its router reports it and as it is started. */
export interface SportsbookRoute {
  page: SportsbookPage
  sportId?: number
  categoryIds?: number[]
  championshipIds?: number[]
  eventId?: number
}

/** A sport address's query (`PAGE_QUERY_KEYS`: they stay on the page while a modal opens and closes). */
export type SportQuery = Partial<Record<(typeof PAGE_QUERY_KEYS)[number], string>>

/** An address as written, before the sport's names are looked up. */
export type SportAddress =
  | { kind: 'overview' }
  /** `resultDetails` names its event in the query (`eventId`). */
  | { kind: 'special'; page: SpecialPage; eventId?: number }
  | { kind: 'event'; eventId: number }
  | {
      kind: 'tree'
      sport: string
      category?: string
      championship?: string
      eventId?: number
      categoryIds?: number[]
      championshipIds?: number[]
    }
  /** Not a sport address: the page falls back to `/sport`. */
  | { kind: 'invalid' }

/** A lowercase hyphenated slug: accents dropped, every run of other characters one hyphen. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

const POSITIVE_ID = /^[1-9]\d{0,15}$/

function parseId(raw: string | undefined): number | undefined {
  return raw !== undefined && POSITIVE_ID.test(raw) ? Number(raw) : undefined
}

/** A comma-separated id list; anything malformed in it makes the whole list invalid (null). */
function parseIds(raw: string | undefined): number[] | undefined | null {
  if (raw === undefined || raw === '') return undefined
  const ids = raw.split(',').map((part) => parseId(part.trim()))
  return ids.every((id) => id !== undefined) ? [...new Set(ids)] : null
}

function specialPage(segment: string): SpecialPage | undefined {
  const lower = segment.toLowerCase()
  return SPECIAL_PAGES.find((page) => page.toLowerCase() === lower)
}

/** The event segment: `{eventId}-{eventname}`, or the id alone. */
function eventSegmentId(segment: string): number | undefined {
  return parseId(/^(\d+)(?:-|$)/.exec(segment)?.[1])
}

/** What `/sport/{splat}?{query}` names. */
export function parseSportAddress(splat: string, query: SportQuery = {}): SportAddress {
  const segments = splat
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        return '\u0000'
      }
    })
  const [first, ...rest] = segments
  if (first === undefined) return { kind: 'overview' }
  if (segments.some((segment) => segment.includes('\u0000'))) return { kind: 'invalid' }
  if (first.toLowerCase() === 'event') {
    const eventId = rest.length === 1 ? parseId(rest[0]) : undefined
    return eventId === undefined ? { kind: 'invalid' } : { kind: 'event', eventId }
  }
  const special = specialPage(first)
  // `esports` is a special page and the e-sports sport's code: deeper segments are its tree.
  if (special !== undefined && (rest.length === 0 || special !== 'esports')) {
    if (rest.length > 0) return { kind: 'invalid' }
    if (special !== 'resultDetails' || query.eventId === undefined) return { kind: 'special', page: special }
    const resultEventId = parseId(query.eventId)
    return resultEventId === undefined ? { kind: 'invalid' } : { kind: 'special', page: special, eventId: resultEventId }
  }
  if (segments.length > 4) return { kind: 'invalid' }
  const [category, championship, eventSegment] = rest
  const categoryIds = parseIds(query.categoryIds)
  const championshipIds = parseIds(query.championshipIds)
  const queryEventId = query.eventId === undefined ? undefined : (parseId(query.eventId) ?? null)
  const eventId = eventSegment === undefined ? queryEventId : eventSegmentId(eventSegment)
  if (categoryIds === null || championshipIds === null || eventId === null) return { kind: 'invalid' }
  if (eventSegment !== undefined && eventId === undefined) return { kind: 'invalid' }
  return {
    kind: 'tree',
    sport: first.toLowerCase(),
    ...(category === undefined ? {} : { category: category.toLowerCase() }),
    ...(championship === undefined ? {} : { championship: championship.toLowerCase() }),
    ...(eventId === undefined ? {} : { eventId }),
    ...(categoryIds === undefined ? {} : { categoryIds }),
    ...(championshipIds === undefined ? {} : { championshipIds }),
  }
}

/** The sport a tree address names, from the catalogue; undefined for an unknown one. */
export function addressSportId(address: SportAddress): number | undefined {
  if (address.kind === 'special' && address.page === 'esports') return ESPORTS_SPORT_ID
  return address.kind === 'tree' ? sportByCode(address.sport)?.id : undefined
}

type Category = SportInfo['Categories'][number]

/** The ids the query names when they all exist, else those whose name has the slug; undefined when neither. */
function pick<T>(candidates: T[], id: (item: T) => number, name: (item: T) => string, ids: number[] | undefined, slug: string): T[] | undefined {
  if (ids !== undefined) {
    const chosen = ids.map((wanted) => candidates.find((item) => id(item) === wanted))
    if (chosen.every((item) => item !== undefined)) return chosen
  }
  const named = candidates.find((item) => slugify(name(item)) === slug)
  return named === undefined ? undefined : [named]
}

/**
 * The widget route of an address, with its sport's categories and championships at hand; undefined when
 * the address names a category, championship or sport the information does not have (the `/sport`
 * fallback). Special pages and `/sport/event/{id}` need no information.
 */
export function routeOfAddress(address: SportAddress, info: SportInfo | undefined): SportsbookRoute | undefined {
  switch (address.kind) {
    case 'overview':
      return { page: 'overview' }
    case 'special':
      if (address.page === 'esports') return { page: 'esports', sportId: ESPORTS_SPORT_ID }
      return address.eventId === undefined ? { page: address.page } : { page: address.page, eventId: address.eventId }
    case 'event':
      return { page: 'event', eventId: address.eventId }
    case 'invalid':
      return undefined
    case 'tree': {
      const sport = sportByCode(address.sport)
      if (sport === undefined || info?.SportId !== sport.id) return undefined
      const route: SportsbookRoute = { page: 'sport', sportId: sport.id }
      if (address.category === undefined) return address.eventId === undefined ? route : { ...route, page: 'event', eventId: address.eventId }
      const categories: Category[] | undefined = pick(info.Categories, (c) => c.CategoryId, (c) => c.Name, address.categoryIds, address.category)
      if (categories === undefined) return undefined
      route.page = 'category'
      route.categoryIds = categories.map((category) => category.CategoryId)
      if (address.championship !== undefined) {
        const championships = pick(
          categories.flatMap((category) => category.Championships),
          (c) => c.ChampionshipId,
          (c) => c.Name,
          address.championshipIds,
          address.championship,
        )
        if (championships === undefined) return undefined
        route.page = 'championship'
        route.championshipIds = championships.map((championship) => championship.ChampionshipId)
      }
      return address.eventId === undefined ? route : { ...route, page: 'event', eventId: address.eventId }
    }
  }
}

/** An app address: the path under the app's root (the locale prefix is the router's) and its query. */
export interface SportLocation {
  path: string
  search: SportQuery
}

const FALLBACK: SportLocation = { path: '/sport', search: {} }

/** Ids go into the query when there is more than one, or when the language is not English. */
function idsQuery(ids: number[], locale: Locale): string | undefined {
  return ids.length > 1 || locale !== DEFAULT_LOCALE ? ids.join(',') : undefined
}

function withQuery(path: string, entries: [keyof SportQuery, string | undefined][]): SportLocation {
  const search: SportQuery = {}
  for (const [key, value] of entries) if (value !== undefined) search[key] = value
  return { path, search }
}

/** The address of an event, from its information. */
export function eventLocation(event: EventInfo, locale: Locale): SportLocation {
  const { championship } = event
  const { category } = championship
  const sport = sportById(category.sport.id)
  if (sport === undefined) return { path: `/sport/event/${String(event.id)}`, search: {} }
  const eventSegment = [String(event.id), slugify(event.name)].filter((part) => part !== '').join('-')
  return withQuery(`/sport/${sport.code}/${slugify(category.name)}/${slugify(championship.name)}/${eventSegment}`, [
    ['categoryIds', idsQuery([category.id], locale)],
    ['championshipIds', idsQuery([championship.id], locale)],
  ])
}

/**
 * The address of a widget route. An event needs its information (`event`), a category or championship
 * its sport's (`info`); without them, or for what the catalogue does not know, the address is `/sport`.
 */
export function routeLocation(route: SportsbookRoute, locale: Locale, info?: SportInfo, event?: EventInfo): SportLocation {
  if (route.page === 'overview') return FALLBACK
  if (route.page === 'esports') return { path: '/sport/esports', search: {} }
  if (route.page === 'resultDetails' && route.eventId !== undefined) return { path: '/sport/resultDetails', search: { eventId: String(route.eventId) } }
  if ((SPECIAL_PAGES as readonly string[]).includes(route.page)) return { path: `/sport/${route.page}`, search: {} }
  if (route.page === 'event') {
    if (route.eventId === undefined) return FALLBACK
    return event?.id === route.eventId ? eventLocation(event, locale) : { path: `/sport/event/${String(route.eventId)}`, search: {} }
  }
  const sport = route.sportId === undefined ? undefined : sportById(route.sportId)
  if (sport === undefined) return FALLBACK
  if (route.categoryIds === undefined || route.categoryIds.length === 0) return { path: `/sport/${sport.code}`, search: {} }
  if (info?.SportId !== sport.id) return FALLBACK
  const categories = route.categoryIds.map((id) => info.Categories.find((category) => category.CategoryId === id))
  const [firstCategory] = categories
  if (firstCategory === undefined || categories.some((category) => category === undefined)) return FALLBACK
  const path = `/sport/${sport.code}/${slugify(firstCategory.Name)}`
  const categoryQuery: [keyof SportQuery, string | undefined] = ['categoryIds', idsQuery(route.categoryIds, locale)]
  if (route.championshipIds === undefined || route.championshipIds.length === 0) return withQuery(path, [categoryQuery])
  const all = info.Categories.flatMap((category) => category.Championships)
  const championships = route.championshipIds.map((id) => all.find((championship) => championship.ChampionshipId === id))
  const [firstChampionship] = championships
  if (firstChampionship === undefined || championships.some((championship) => championship === undefined)) return FALLBACK
  return withQuery(`${path}/${slugify(firstChampionship.Name)}`, [categoryQuery, ['championshipIds', idsQuery(route.championshipIds, locale)]])
}

/** Whether two routes show the same place (the order of ids does not matter). */
export function sameRoute(a: SportsbookRoute, b: SportsbookRoute): boolean {
  // An event is the same event whichever path led to it.
  if (a.page === 'event' && b.page === 'event') return a.eventId === b.eventId
  const ids = (list: number[] | undefined) => [...(list ?? [])].sort((x, y) => x - y).join(',')
  return (
    a.page === b.page &&
    a.sportId === b.sportId &&
    a.eventId === b.eventId &&
    ids(a.categoryIds) === ids(b.categoryIds) &&
    ids(a.championshipIds) === ids(b.championshipIds)
  )
}
