import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'

import {
  allBetsQueryKey,
  allSpinsQueryKey,
  type Bet,
  type PlayPageQuery,
  type SpinEntry,
} from '@/features/wallet/api/get-play-history'
import type { Schemas } from '@/lib/api-types'
import { writePublication } from '@/lib/live-cache'
import { gameBetsChannel, gameSpinsChannel, useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'

interface HistoryPage<T> {
  data: T[]
  meta: Schemas['PageMeta']
}

interface HistoryRow {
  id: number
  currency: string
  createdAt: string
}

/** What `game:spins#{playerId}` publishes after a real-money spin. */
interface SpinPublication {
  event?: string
  gameIdentity?: string
  gameName?: string
  spin?: Omit<SpinEntry, 'gameIdentity' | 'gameName'>
}

/** What `game:bets#{playerId}` publishes when a bet is placed or settled (its other events carry no bet). */
interface BetPublication {
  event?: string
  bet?: Bet
}

/** Whether a row falls inside a history page's narrowing: its currency and its half-open time range. */
function narrowedTo(query: PlayPageQuery, row: HistoryRow): boolean {
  if (query.currency !== undefined && query.currency !== row.currency) return false
  const at = Date.parse(row.createdAt)
  if (query.createdFrom !== undefined && at < Date.parse(query.createdFrom)) return false
  return query.createdBefore === undefined || at < Date.parse(query.createdBefore)
}

/**
 * The first page with `row` in its place (pages are newest first, by id), or undefined when the page
 * cannot tell where the row goes (it belongs further down the list).
 */
function withRow<T extends HistoryRow>(page: HistoryPage<T>, row: T, perPage: number): HistoryPage<T> | undefined {
  if (page.data.some((held) => held.id === row.id))
    return { ...page, data: page.data.map((held) => (held.id === row.id ? row : held)) }
  const last = page.data.at(-1)
  if (page.data.length >= perPage && last !== undefined && last.id > row.id) return undefined
  const data = [...page.data, row].sort((a, b) => b.id - a.id).slice(0, perPage)
  const totalRows = page.meta.totalRows + 1
  return { data, meta: { ...page.meta, totalRows, totalPages: Math.max(1, Math.ceil(totalRows / perPage)) } }
}

/**
 * Writes a published row into every cached page of one history (`root`) it concerns: the first page of
 * a narrowing that holds it gets the row in place; a later page, a first page that cannot place it, and
 * a page the row has left (an open bet once settled) are fetched again.
 */
function writeHistoryRow(
  queryClient: QueryClient,
  root: QueryKey,
  row: HistoryRow,
  belongs: (query: PlayPageQuery & { isSettled?: boolean }) => boolean,
): void {
  for (const [queryKey, page] of queryClient.getQueriesData<HistoryPage<HistoryRow>>({ queryKey: root })) {
    const query = queryKey[root.length] as (PlayPageQuery & { isSettled?: boolean }) | undefined
    if (query === undefined || page === undefined) continue
    const holds = page.data.some((held) => held.id === row.id)
    if (!belongs(query) || !narrowedTo(query, row)) {
      if (holds) void queryClient.invalidateQueries({ queryKey, exact: true })
      continue
    }
    const placed = query.page === 1 ? withRow(page, row, query.perPage) : undefined
    if (placed) writePublication<HistoryPage<HistoryRow>>(queryClient, queryKey, (previous) => (previous ? (withRow(previous, row, query.perPage) ?? previous) : previous))
    else void queryClient.invalidateQueries({ queryKey, exact: true })
  }
}

/** A `game:spins#` publication written into the spin history's cached pages. */
export function writeSpinPublication(queryClient: QueryClient, data: unknown): void {
  const { spin, gameIdentity, gameName } = (data ?? {}) as SpinPublication
  if (!spin || gameIdentity === undefined || gameName === undefined) return
  const entry: SpinEntry = { ...spin, gameIdentity, gameName }
  writeHistoryRow(queryClient, allSpinsQueryKey, entry, () => true)
}

/** A `game:bets#` publication written into the bet history's cached pages: open bets in the open list, settled in the settled one. */
export function writeBetPublication(queryClient: QueryClient, data: unknown): void {
  const { bet } = (data ?? {}) as BetPublication
  if (!bet) return
  writeHistoryRow(queryClient, allBetsQueryKey, bet, (query) => (query.isSettled ?? true) === bet.isSettled)
}

/**
 * Keeps the spin and bet histories live for the signed-in player wherever they are (spec section 4),
 * and fetches them again when a channel is (re)subscribed: publications made before are not delivered.
 */
export function LivePlayHistory() {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const playerId = state.status === 'loggedIn' ? state.profileId : undefined
  const resync = (queryKey: QueryKey) => () => {
    void queryClient.invalidateQueries({ queryKey })
  }
  useChannel(
    playerId === undefined ? undefined : gameSpinsChannel(playerId),
    (data) => {
      writeSpinPublication(queryClient, data)
    },
    resync(allSpinsQueryKey),
  )
  useChannel(
    playerId === undefined ? undefined : gameBetsChannel(playerId),
    (data) => {
      writeBetPublication(queryClient, data)
    },
    resync(allBetsQueryKey),
  )
  return null
}
