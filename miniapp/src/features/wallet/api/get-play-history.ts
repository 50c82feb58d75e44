import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export interface PlayPageQuery {
  page: number
  perPage: number
  currency?: string | undefined
  /** RFC 3339; with `createdBefore`, the half-open range of when the bet or spin was made. */
  createdFrom?: string | undefined
  createdBefore?: string | undefined
}

export type SpinEntry = Schemas['Page_SpinEntry']['data'][number]
export type Bet = Schemas['Page_Bet']['data'][number]

/** The prefix of every page of the spin history, whatever its narrowing. */
export const allSpinsQueryKey = ['game', 'spins'] as const
/** The prefix of every page of the bet history, settled or open, whatever its narrowing. */
export const allBetsQueryKey = ['game', 'bets'] as const

/** The query string both history calls share. */
function playQuery(query: PlayPageQuery) {
  return {
    page: query.page,
    perPage: query.perPage,
    currency: query.currency,
    createdFrom: query.createdFrom,
    createdBefore: query.createdBefore,
  }
}

/** `GET /game/bets`: one page of the player's bets, newest first; settled by default, open ones with `isSettled: false`. */
function getBets(query: PlayPageQuery & { isSettled: boolean }, signal?: AbortSignal): Promise<Schemas['Page_Bet']> {
  return apiRequest<Schemas['Page_Bet']>('/game/bets', {
    query: { ...playQuery(query), isSettled: query.isSettled },
    signal,
  })
}

/** `GET /game/spins`: one page of the player's real-money spins, newest first. */
function getSpins(query: PlayPageQuery, signal?: AbortSignal): Promise<Schemas['Page_SpinEntry']> {
  return apiRequest<Schemas['Page_SpinEntry']>('/game/spins', { query: playQuery(query), signal })
}

function betsQueryOptions(query: PlayPageQuery & { isSettled: boolean }) {
  return queryOptions({
    queryKey: [...allBetsQueryKey, query],
    queryFn: ({ signal }) => getBets(query, signal),
    placeholderData: keepPreviousData,
  })
}

function spinsQueryOptions(query: PlayPageQuery) {
  return queryOptions({
    queryKey: [...allSpinsQueryKey, query],
    queryFn: ({ signal }) => getSpins(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useBets(query: PlayPageQuery & { isSettled: boolean }) {
  return useQuery(betsQueryOptions(query))
}

export function useSpins(query: PlayPageQuery) {
  return useQuery(spinsQueryOptions(query))
}
