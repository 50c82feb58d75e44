import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import { allBetsQueryKey, allSpinsQueryKey, type Bet, type SpinEntry } from '@/features/wallet/api/get-play-history'
import { writeBetPublication, writeSpinPublication } from '@/features/wallet/live-play-history'

const meta = (totalRows: number, perPage: number) => ({ page: 1, perPage, totalPages: Math.max(1, Math.ceil(totalRows / perPage)), totalRows })

function spinEntry(id: number, currency = 'USD'): SpinEntry {
  return { id, gameId: 1, bet: 50, win: 0, currency, createdAt: '2026-11-28T10:00:00Z', gameIdentity: 'lucky-sevens', gameName: 'Lucky Sevens' }
}

function bet(id: number, isSettled: boolean): Bet {
  return {
    id,
    gameId: null,
    gameIdentity: 'altenar-sportsbook',
    gameName: 'Sportsbook',
    accountId: 1,
    amount: 100,
    win: isSettled ? 300 : null,
    currency: 'USD',
    isSettled,
    createdAt: '2026-11-28T10:00:00Z',
    settledAt: isSettled ? '2026-11-28T10:05:00Z' : null,
  }
}

function spinPublication(entry: SpinEntry) {
  const { gameIdentity, gameName, ...spin } = entry
  return { event: 'spin.settled', gameIdentity, gameName, spin, balance: 950, winner: null }
}

const firstPage = { page: 1, perPage: 2 }
const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated

describe('live play history', () => {
  it('puts a published spin first on the first page of every narrowing that holds it', () => {
    const client = new QueryClient()
    const all = [...allSpinsQueryKey, firstPage]
    const usd = [...allSpinsQueryKey, { ...firstPage, currency: 'USD', createdFrom: '2026-11-28T00:00:00Z' }]
    const eur = [...allSpinsQueryKey, { ...firstPage, currency: 'EUR' }]
    const yesterday = [...allSpinsQueryKey, { ...firstPage, createdBefore: '2026-11-28T00:00:00Z' }]
    client.setQueryData(all, { data: [spinEntry(2), spinEntry(1)], meta: meta(2, 2) })
    client.setQueryData(usd, { data: [spinEntry(1)], meta: meta(1, 2) })
    client.setQueryData(eur, { data: [spinEntry(1, 'EUR')], meta: meta(1, 2) })
    client.setQueryData(yesterday, { data: [], meta: meta(0, 2) })

    writeSpinPublication(client, spinPublication(spinEntry(3)))

    expect(client.getQueryData(all)).toEqual({ data: [spinEntry(3), spinEntry(2)], meta: meta(3, 2) })
    expect(client.getQueryData(usd)).toEqual({ data: [spinEntry(3), spinEntry(1)], meta: meta(2, 2) })
    expect(client.getQueryData(eur)).toEqual({ data: [spinEntry(1, 'EUR')], meta: meta(1, 2) })
    expect(client.getQueryData(yesterday)).toEqual({ data: [], meta: meta(0, 2) })
    expect(isStale(client, eur)).toBe(false)
  })

  it('fetches a later page again, and writes a spin only once', () => {
    const client = new QueryClient()
    const first = [...allSpinsQueryKey, firstPage]
    const second = [...allSpinsQueryKey, { page: 2, perPage: 2 }]
    client.setQueryData(first, { data: [spinEntry(2), spinEntry(1)], meta: meta(2, 2) })
    client.setQueryData(second, { data: [], meta: { ...meta(2, 2), page: 2 } })

    writeSpinPublication(client, spinPublication(spinEntry(3)))
    writeSpinPublication(client, spinPublication(spinEntry(3)))

    expect(client.getQueryData(first)).toEqual({ data: [spinEntry(3), spinEntry(2)], meta: meta(3, 2) })
    expect(isStale(client, second)).toBe(true)
  })

  it('moves a settled bet from the open bets to the settled ones', () => {
    const client = new QueryClient()
    const open = [...allBetsQueryKey, { ...firstPage, isSettled: false }]
    const settled = [...allBetsQueryKey, { ...firstPage, isSettled: true }]
    client.setQueryData(open, { data: [bet(7, false)], meta: meta(1, 2) })
    client.setQueryData(settled, { data: [bet(5, true)], meta: meta(1, 2) })

    writeBetPublication(client, { event: 'bet.placebet', gameIdentity: 'altenar-sportsbook', bet: bet(8, false) })
    expect(client.getQueryData(open)).toEqual({ data: [bet(8, false), bet(7, false)], meta: meta(2, 2) })

    writeBetPublication(client, { event: 'bet.settled', gameIdentity: 'altenar-sportsbook', bet: bet(7, true) })
    expect(client.getQueryData(settled)).toEqual({ data: [bet(7, true), bet(5, true)], meta: meta(2, 2) })
    expect(isStale(client, open)).toBe(true)
  })

  it('ignores publications without a row', () => {
    const client = new QueryClient()
    const first = [...allBetsQueryKey, { ...firstPage, isSettled: true }]
    client.setQueryData(first, { data: [], meta: meta(0, 2) })
    writeBetPublication(client, { event: 'game.bet.restricted', gameIdentity: 'lucky-sevens' })
    writeSpinPublication(client, null)
    expect(client.getQueryData(first)).toEqual({ data: [], meta: meta(0, 2) })
  })
})
