/**
 * Product analytics: one call, `track(event)`, whatever listens. The sinks (the ad-retargeting pixel,
 * the tag manager) come with a later issue and `connectAnalyticsSink` them; until one connects, events
 * wait in a short queue so none fired at start-up is lost.
 */

/** Spec section 3, "Pixel conversion events". */
export type PixelEvent = 'visit' | 'regfin' | 'regnotfin' | 'ftd' | 'bet' | 'bet30' | 'deposit' | 'dep2' | 'dep3' | 'dep4' | 'dep5plus'

/** Spec section 4, "Quest state": completion fires a completed-quests event, expiry an expired-quests event. */
export type QuestEvent = 'completed-quests' | 'expired-quests'

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
