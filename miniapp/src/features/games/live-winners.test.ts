import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import { type Winner, winnersQueryOptions } from '@/features/games/api/get-winners'
import { writeWinnerPublication } from '@/features/games/live-winners'

function winner(id: number, playerName: string): Winner {
  return { id, gameId: 1, bet: 50, win: 500, currency: 'USD', createdAt: '2026-11-28T10:00:00Z', gameIdentity: 'lucky-sevens', gameName: 'Lucky Sevens', playerName }
}

describe('live latest wins', () => {
  it("put the player's published big win first, once, and leave the list alone for other spins", () => {
    const client = new QueryClient()
    const key = winnersQueryOptions().queryKey
    client.setQueryData(key, [winner(1, 'bo***')])
    const spin = { event: 'spin.settled', gameIdentity: 'lucky-sevens', gameName: 'Lucky Sevens', balance: 950 }

    writeWinnerPublication(client, { ...spin, spin: winner(9, ''), winner: winner(9, 'an***') })
    writeWinnerPublication(client, { ...spin, spin: winner(9, ''), winner: winner(9, 'an***') })
    writeWinnerPublication(client, { ...spin, spin: winner(10, ''), winner: null })

    expect(client.getQueryData(key)).toEqual([winner(9, 'an***'), winner(1, 'bo***')])
  })
})
