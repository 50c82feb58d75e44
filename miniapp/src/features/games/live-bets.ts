import { useState } from 'react'

import { trackBet } from '@/lib/analytics'
import { gameBetsChannel, useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'

/** The bet events of `game:bets#{playerId}` (spec section 7). */
export type BetEvent =
  | { event: 'bet.placebet'; gameIdentity: string; bet: { id: number; amount: number; currency: string } }
  | { event: 'game.bet.restricted'; gameIdentity: string }
  | { event: 'game.bet.max.exceed'; gameIdentity: string; playerBonus?: { currency?: string; maxBetAmount?: number } }

const BET_EVENTS_SHOWN = 5

/** A publication as a bet event, or undefined when it is none this client knows. */
function readBetEvent(data: unknown): BetEvent | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const value = data as Record<string, unknown>
  if (typeof value.gameIdentity !== 'string') return undefined
  if (value.event === 'bet.placebet') {
    const bet = value.bet as Record<string, unknown> | undefined
    return bet && typeof bet.id === 'number' && typeof bet.amount === 'number' && typeof bet.currency === 'string'
      ? { event: 'bet.placebet', gameIdentity: value.gameIdentity, bet: { id: bet.id, amount: bet.amount, currency: bet.currency } }
      : undefined
  }
  if (value.event === 'game.bet.restricted' || value.event === 'game.bet.max.exceed') return data as BetEvent
  return undefined
}

/** The max-bet alert's values, only when both the currency and the max bet are present (spec section 5). */
export function maxBetAlert(event: BetEvent): { currency: string; maxBetAmount: number } | undefined {
  if (event.event !== 'game.bet.max.exceed') return undefined
  const { currency, maxBetAmount } = event.playerBonus ?? {}
  return typeof currency === 'string' && currency !== '' && typeof maxBetAmount === 'number' ? { currency, maxBetAmount } : undefined
}

/** The signed-in player's bet events of one game as they arrive, newest first, while the page is open. */
export function useBetEvents(gameIdentity: string): BetEvent[] {
  const { state } = useSession()
  const playerId = state.status === 'loggedIn' ? state.profileId : undefined
  const [events, setEvents] = useState<BetEvent[]>([])
  useChannel(playerId === undefined ? undefined : gameBetsChannel(playerId), (data) => {
    const event = readBetEvent(data)
    if (event?.event === 'bet.placebet') trackBet()
    if (event?.gameIdentity === gameIdentity) setEvents((previous) => [event, ...previous].slice(0, BET_EVENTS_SHOWN))
  })
  return events
}
