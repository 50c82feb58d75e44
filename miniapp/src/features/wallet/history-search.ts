/**
 * The wallet history's filters and their URL search params (`/wallet/history?tab=bets&status=unsettled`):
 * one parse that turns anything the address bar holds into a valid filter (unknown or malformed values
 * are dropped, never a crash), and one writer that leaves defaults out so URLs stay short.
 */

export const HISTORY_TABS = ['transactions', 'bets', 'spins', 'bonuses'] as const
export type HistoryTab = (typeof HISTORY_TABS)[number]

const INVOICE_TYPES = ['deposit', 'withdrawal'] as const
export type InvoiceType = (typeof INVOICE_TYPES)[number]

/**
 * The statuses each list can be narrowed to, by name (the platform's constants number them): invoices
 * pending, success, failure; bets settled or open (`isSettled`); bonuses issued, active, finished. Spins
 * have none.
 */
export const STATUS_OPTIONS = {
  transactions: ['pending', 'success', 'failure'],
  bets: ['settled', 'unsettled'],
  spins: [],
  bonuses: ['issued', 'active', 'finished'],
} as const satisfies Record<HistoryTab, readonly string[]>

/** The invoice status a filter names: the transactions tab's statuses are the invoice statuses' names. */
export type InvoiceStatusFilter = (typeof STATUS_OPTIONS)['transactions'][number]
/** The bonus status a filter names. */
export type BonusStatusFilter = (typeof STATUS_OPTIONS)['bonuses'][number]

export interface HistoryFilters {
  tab: HistoryTab
  /** 1-based. */
  page: number
  /** Local calendar days, `YYYY-MM-DD`, both inclusive; `from` is never after `to`. */
  from?: string
  to?: string
  /** Transactions only. */
  type?: InvoiceType
  /** One of `STATUS_OPTIONS[tab]`. */
  status?: string
  currency?: string
}

/** The search params as the router keeps them. */
export type HistorySearch = Partial<Record<'tab' | 'page' | 'from' | 'to' | 'type' | 'status' | 'currency', string | number>>

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const CURRENCY = /^[A-Z][A-Z0-9]{1,9}$/
/** Far beyond any real history; keeps a typed-in page number from becoming an absurd request. */
const MAX_PAGE = 100_000

/** A real calendar day `YYYY-MM-DD` (years 1000 to 3000, as the spec's date rule). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1000 || year > 3000) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  const candidate = text(value)
  return options.find((option) => option === candidate)
}

/** The filters a URL's search params ask for; anything unusable is left out. */
export function parseHistorySearch(search: Record<string, unknown>): HistoryFilters {
  const tab = oneOf(HISTORY_TABS, search.tab) ?? 'transactions'
  const pageText = text(search.page)
  const page = pageText && /^\d{1,6}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), MAX_PAGE) : 1
  const filters: HistoryFilters = { tab, page }
  let from = text(search.from)
  let to = text(search.to)
  if (from !== undefined && !isCalendarDay(from)) from = undefined
  if (to !== undefined && !isCalendarDay(to)) to = undefined
  // A range typed backwards means the same days.
  if (from && to && from > to) [from, to] = [to, from]
  if (from) filters.from = from
  if (to) filters.to = to
  if (tab === 'transactions') {
    const type = oneOf(INVOICE_TYPES, search.type)
    if (type) filters.type = type
  }
  const status = oneOf<string>(STATUS_OPTIONS[tab], search.status)
  if (status) filters.status = status
  const currency = text(search.currency)?.toUpperCase()
  if (currency && CURRENCY.test(currency)) filters.currency = currency
  return filters
}

/** The search params of `filters`, defaults left out (the first tab, page 1). */
export function historySearch(filters: HistoryFilters): HistorySearch {
  const search: HistorySearch = {}
  if (filters.tab !== 'transactions') search.tab = filters.tab
  if (filters.page > 1) search.page = filters.page
  if (filters.from) search.from = filters.from
  if (filters.to) search.to = filters.to
  if (filters.type) search.type = filters.type
  if (filters.status) search.status = filters.status
  if (filters.currency) search.currency = filters.currency
  return search
}

/**
 * `filters` with `changes` applied: back to page 1 unless only the page changes, and on another tab
 * without the type and status that belong to the old one.
 */
export type FilterChanges = { [Key in keyof Omit<HistoryFilters, 'page'>]?: HistoryFilters[Key] | undefined } & { page?: number }

export function changeFilters(filters: HistoryFilters, changes: FilterChanges): HistoryFilters {
  const merged: Record<string, unknown> = { ...filters, ...changes, page: changes.page ?? 1 }
  // Re-parsing drops what was cleared (undefined) and what the new tab does not take, and re-checks every value.
  return parseHistorySearch(merged)
}

/** How many filters other than the tab are on: the mobile filter button's badge. */
export function activeFilterCount(filters: HistoryFilters): number {
  return [filters.from, filters.to, filters.type, filters.status, filters.currency].filter(Boolean).length
}

/** The local calendar day of an ISO timestamp, `YYYY-MM-DD`; undefined when it is no date. */
function localDay(timestamp: string): string | undefined {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return undefined
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The narrowing the platform applies to invoices, bets and spins: a currency and a half-open time range. */
export interface HistoryNarrowing {
  currency?: string
  /** RFC 3339: the start of the first local day. */
  createdFrom?: string
  /** RFC 3339: the start of the local day after the last one. */
  createdBefore?: string
}

/** The start of a local calendar day `YYYY-MM-DD`, `days` later, as an instant. */
function startOfLocalDay(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date + days).toISOString()
}

/**
 * The filters' dates and currency as the platform's history calls take them: the player's days are
 * local calendar days, so `from` becomes the instant its day starts here and `to` the instant the next
 * day starts (daylight-saving days included, as `Date` resolves them).
 */
export function historyNarrowing(filters: HistoryFilters): HistoryNarrowing {
  const narrowing: HistoryNarrowing = {}
  if (filters.currency) narrowing.currency = filters.currency
  if (filters.from) narrowing.createdFrom = startOfLocalDay(filters.from)
  if (filters.to) narrowing.createdBefore = startOfLocalDay(filters.to, 1)
  return narrowing
}

/**
 * Whether a row passes the date range and currency: for the bonus history, which the platform sends
 * whole (not paged, not narrowed), so this narrows the whole list before it is paged here.
 */
export function matchesRowFilters(row: { createdAt: string; currency: string }, filters: HistoryFilters): boolean {
  if (filters.currency && row.currency !== filters.currency) return false
  if (!filters.from && !filters.to) return true
  const day = localDay(row.createdAt)
  if (!day) return false
  if (filters.from && day < filters.from) return false
  if (filters.to && day > filters.to) return false
  return true
}
