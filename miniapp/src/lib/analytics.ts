/**
 * Product analytics: one call, `track(event)`, whatever listens. The sinks (the ad-retargeting pixel,
 * the tag manager) come with a later issue and `connectAnalyticsSink` them; until one connects, events
 * wait in a short queue so none fired at start-up is lost.
 */

/** Spec section 3, "Pixel conversion events". */
export type PixelEvent = 'visit' | 'regfin' | 'regnotfin' | 'ftd' | 'bet' | 'bet30' | 'deposit' | 'dep2' | 'dep3' | 'dep4' | 'dep5plus'

/** Spec section 4, "Quest state": completion fires a completed-quests event, expiry an expired-quests event. */
type QuestEvent = 'completed-quests' | 'expired-quests'

export type AnalyticsEvent = PixelEvent | QuestEvent

export type AnalyticsSink = (event: AnalyticsEvent) => void

const QUEUE_LIMIT = 50
const sinks = new Set<AnalyticsSink>()
let queue: AnalyticsEvent[] = []

export function track(event: AnalyticsEvent): void {
  if (sinks.size === 0) {
    queue = [...queue, event].slice(-QUEUE_LIMIT)
    return
  }
  for (const sink of sinks) sink(event)
}

/** Connects a sink (it first receives what was queued); returns the function that disconnects it. */
export function connectAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink)
  const queued = queue
  queue = []
  for (const event of queued) sink(event)
  return () => {
    sinks.delete(sink)
  }
}

/**
 * The events of a successful deposit by its ordinal (spec section 4): 1 ftd, 2 dep2, 3 dep3, 4 dep4,
 * above 4 dep5plus, each followed by the generic `deposit`.
 */
export function depositEvents(number: number): AnalyticsEvent[] {
  if (!Number.isInteger(number) || number < 1) return []
  const byNumber: AnalyticsEvent = number === 1 ? 'ftd' : number === 2 ? 'dep2' : number === 3 ? 'dep3' : number === 4 ? 'dep4' : 'dep5plus'
  return [byNumber, 'deposit']
}

export function trackDeposit(number: number | null | undefined): void {
  for (const event of depositEvents(number ?? 0)) track(event)
}

/** What has fired once in this tab (session storage, so a reload is the same visit), with a memory fallback. */
const ONCE_KEY = 'analyticsFired'
const firedHere = new Set<AnalyticsEvent>()

/** Session storage, unless the browser refuses it (it throws when storage is off). */
function tabStorage(): Storage | undefined {
  try {
    return sessionStorage
  } catch {
    return undefined
  }
}

function firedInTab(storage: Storage | undefined): Set<string> {
  try {
    const stored = JSON.parse(storage?.getItem(ONCE_KEY) ?? '[]') as unknown
    return new Set([...firedHere, ...(Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [])])
  } catch {
    return new Set(firedHere)
  }
}

/**
 * Fires `event` at most once per tab session: conversions that say "this visitor did X" (visited,
 * bet, left a registration unfinished) add nothing when repeated, and a beacon per spin would cost
 * the player's data for nothing.
 */
export function trackOncePerTab(event: AnalyticsEvent, storage: Storage | undefined = tabStorage()): void {
  const fired = firedInTab(storage)
  if (fired.has(event)) return
  firedHere.add(event)
  try {
    storage?.setItem(ONCE_KEY, JSON.stringify([...fired, event]))
  } catch {
    // Storage full or refused: this page still remembers.
  }
  track(event)
}

/** A visit: once per tab session (spec section 3's `visit`). */
export function trackVisit(): void {
  trackOncePerTab('visit')
}

/** A real-money bet, casino or sportsbook: `bet`, and with it `bet30` (spec section 4), once per tab session. */
export function trackBet(): void {
  trackOncePerTab('bet')
  trackOncePerTab('bet30')
}

/**
 * A registration's end: `regfin` when the platform created the account, `regnotfin` (once per tab
 * session) when it did not, so the visitor who gave up half-way can be reached again.
 */
export function trackRegistration(finished: boolean): void {
  if (finished) track('regfin')
  else trackOncePerTab('regnotfin')
}
