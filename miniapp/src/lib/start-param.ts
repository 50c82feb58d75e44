import { storedAffiliateTag } from '@/lib/affiliate'
import { localizePath, splitLocale } from '@/lib/i18n/locales'
import type { Launch } from '@/lib/launch'
import { START_PARAM_QUERY_KEYS } from '@/lib/start-param-keys'

/**
 * The `startapp` parameter: what a `t.me/<bot>/<app>?startapp=…` link (Telegram's `start_param`) or a web
 * address's `?startapp=` asks of the launch (docs/start-params.md, shared with the bot's `Screen`).
 * Telegram allows at most 64 characters of `A-Z a-z 0-9 _ -`; anything else is ignored whole.
 *
 * - `ref_<player id>` a referral, `stag_<tag>` an affiliate tag (the spec's rules);
 * - `wallet`, `bets`, `bonuses`, `quests`, `loyalty` a screen;
 * - `game_<game id>` a game's page, `event_<event id>` a sport event;
 * - a screen followed by `__ref_<player id>`: the screen, with the referral of whoever shared it.
 */

/** The bot's tests check this list against docs/start-params.md and its own `Screen`. */
export const SCREENS = ['wallet', 'bets', 'bonuses', 'quests', 'loyalty'] as const
type Screen = (typeof SCREENS)[number]

export type StartTarget = { screen: Screen } | { screen: 'game'; id: string } | { screen: 'event'; id: string }

export interface StartParam {
  target?: StartTarget
  refId?: string
  affiliateTag?: string
}

const MAX_LENGTH = 64
const WELL_FORMED = /^[A-Za-z0-9_-]+$/
/** Player ids are positive integers (leading zeros dropped), as the bot reads them. */
const REF_ID = /^0*([1-9]\d{0,17})$/
/** A game id or identity as the game page accepts them. */
const GAME_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/
const EVENT_ID = /^[1-9]\d{0,14}$/
const REF_SUFFIX = '__ref_'

function refId(raw: string): string | undefined {
  return REF_ID.exec(raw)?.[1]
}

function target(raw: string): StartTarget | undefined {
  if ((SCREENS as readonly string[]).includes(raw)) return { screen: raw as Screen }
  if (raw.startsWith('game_')) {
    const id = raw.slice('game_'.length)
    return GAME_ID.test(id) ? { screen: 'game', id } : undefined
  }
  if (raw.startsWith('event_')) {
    const id = raw.slice('event_'.length)
    return EVENT_ID.test(id) ? { screen: 'event', id } : undefined
  }
  return undefined
}

/** Reads a start parameter; a malformed one, or one of an unknown form, gives nothing. */
export function parseStartParam(raw: string | null | undefined): StartParam {
  const value = raw?.trim() ?? ''
  if (value === '' || value.length > MAX_LENGTH || !WELL_FORMED.test(value)) return {}
  if (value.startsWith('ref_')) {
    const id = refId(value.slice('ref_'.length))
    return id === undefined ? {} : { refId: id }
  }
  if (value.startsWith('stag_')) {
    const tag = value.slice('stag_'.length)
    return tag === '' ? {} : { affiliateTag: tag }
  }
  const split = value.lastIndexOf(REF_SUFFIX)
  if (split > 0) {
    const found = target(value.slice(0, split))
    const id = refId(value.slice(split + REF_SUFFIX.length))
    return found && id !== undefined ? { target: found, refId: id } : {}
  }
  const found = target(value)
  return found ? { target: found } : {}
}

/** The start parameter opening `target` (with the sharer's referral), or undefined when it would not fit Telegram's limit. */
export function startParamFor(target: StartTarget, refId?: string): string | undefined {
  const base = target.screen === 'game' || target.screen === 'event' ? `${target.screen}_${target.id}` : target.screen
  const value = refId === undefined ? base : `${base}${REF_SUFFIX}${refId}`
  const read = parseStartParam(value)
  return read.target && read.refId === (refId === undefined ? undefined : refId.replace(/^0+/, '')) ? value : undefined
}

/** The in-app address a target opens. */
export function startPath(target: StartTarget): string {
  switch (target.screen) {
    case 'wallet':
      return '/?wallet=true'
    case 'bets':
      return '/wallet/history?tab=bets'
    case 'quests':
      return '/?quests-hub=true'
    // The bonuses page carries the loyalty card too.
    case 'bonuses':
    case 'loyalty':
      return '/bonuses'
    case 'game':
      return `/game/${target.id}`
    case 'event':
      return `/sport/event/${target.id}`
  }
}


/** Where the Telegram start parameter this tab already routed is kept: a reload inside Telegram keeps it. */
const ROUTED_KEY = 'startParamRouted'

/**
 * At start-up, before the router reads the address: a launch's start parameter (Telegram's, else the web
 * address's `?startapp=`) that names a screen replaces the address with that screen's. Telegram's is
 * routed once per tab (a reload stays where the player went); the address's leaves the address bar.
 */
export function routeStartParam(telegramStartParam: string | undefined, win: Window = window, storage: Storage = win.sessionStorage): void {
  const url = new URL(win.location.href)
  const fromQuery = START_PARAM_QUERY_KEYS.map((key) => url.searchParams.get(key)).find((value) => value !== null)
  for (const key of START_PARAM_QUERY_KEYS) url.searchParams.delete(key)
  let raw = fromQuery ?? undefined
  if (telegramStartParam !== undefined && parseStartParam(telegramStartParam).target) {
    raw = storage.getItem(ROUTED_KEY) === telegramStartParam ? undefined : telegramStartParam
    storage.setItem(ROUTED_KEY, telegramStartParam)
  }
  const read = parseStartParam(raw)
  // A web address's referral or tag goes where the launch's attribution reads the bot's (`ref_id`, `stag`).
  if (raw === fromQuery) {
    if (read.refId !== undefined && !url.searchParams.has('ref_id')) url.searchParams.set('ref_id', read.refId)
    if (read.affiliateTag !== undefined && !url.searchParams.has('stag')) url.searchParams.set('stag', read.affiliateTag)
  }
  const found = read.target
  let address = `${url.pathname}${url.search}${url.hash}`
  if (found) {
    // The launch's own query stays for its attribution; its locale prefix too.
    const next = new URL(startPath(found), url.origin)
    for (const [key, value] of url.searchParams) if (!next.searchParams.has(key)) next.searchParams.append(key, value)
    const { locale, path } = splitLocale(url.pathname)
    const pathname = locale !== undefined && path !== url.pathname ? localizePath(next.pathname, locale) : next.pathname
    address = `${pathname}${next.search}${url.hash}`
  }
  if (address !== `${win.location.pathname}${win.location.search}${win.location.hash}`) win.history.replaceState(win.history.state, '', address)
}

/**
 * Referral and affiliate attribution of a launch: the start parameter (`ref_<id>`, `stag_<tag>`, a screen's
 * `…__ref_<id>`; `lib/start-param.ts`), the URL
 * query, else the affiliate tag stored from an earlier link.
 */
export interface Attribution {
  refId: string | undefined
  affiliateTag: string | undefined
}

export function launchAttribution(launch: Launch, search: string, storedTag: string | undefined = storedAffiliateTag()): Attribution {
  const query = new URLSearchParams(search)
  let refId = query.get('ref_id') ?? undefined
  let affiliateTag = query.get('stag') ?? undefined
  const start = parseStartParam(launch.mode === 'telegram' ? launch.startParam : undefined)
  refId ??= start.refId
  affiliateTag ??= start.affiliateTag
  affiliateTag ??= storedTag
  return { refId, affiliateTag }
}
