import { timeoutManager } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { loyaltyAccountQueryOptions } from '@/features/loyalty/api/get-account'
import type { LoyaltyAccount } from '@/features/loyalty/progress'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { publish, subscribedChannels } from '@/test/msw/realtime'
import { renderRoute } from '@/test/render-route'

/** TanStack Query's default `gcTime`: an unobserved query's data is dropped this long after its last use. */
const QUERY_GC_MS = 5 * 60_000

/**
 * The query cache's garbage collection, held back until the test lets five minutes pass (set before any
 * QueryClient exists, as TanStack Query asks). Shorter timers run as usual.
 */
const heldTimers = new Map<number, () => void>()
let nextHeldTimer = -1
timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => {
    if (delay < QUERY_GC_MS) return setTimeout(callback, delay)
    const id = nextHeldTimer
    nextHeldTimer -= 1
    heldTimers.set(id, callback)
    return id
  },
  clearTimeout: (id) => {
    if (id !== undefined && heldTimers.delete(id)) return
    clearTimeout(id)
  },
  setInterval: (callback, delay) => setInterval(callback, delay),
  clearInterval: (id) => {
    clearInterval(id)
  },
})

function letFiveMinutesPass() {
  const due = [...heldTimers.values()]
  heldTimers.clear()
  for (const callback of due) callback()
}

const account = (points: number, level: [string, number, number], next: [string, number]): LoyaltyAccount => ({
  points,
  currentLevel: { name: level[0], points: level[1], order: level[2] },
  nextLevel: { name: next[0], points: next[1] },
})

describe('the loyalty level-up on a game page', () => {
  it('shows one notice for the level reached by the first spin long after sign-in, and one for the next', async () => {
    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    const { queryClient } = renderRoute('/game/lucky-sevens')
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucky Sevens' }, { timeout: 10_000 })).toBeInTheDocument()
    const channel = `retention:accounts#${String(profile.id)}`
    await waitFor(() => {
      expect(subscribedChannels()).toContain(channel)
    })
    // The after-login load: Bronze, 50 points (the loyalty handlers' player).
    await waitFor(() => {
      expect(queryClient.getQueryData(loyaltyAccountQueryOptions().queryKey)).toMatchObject({ points: 50 })
    })

    // No loyalty card is on screen, so the cache drops the account five minutes after that load.
    letFiveMinutesPass()
    expect(queryClient.getQueryData(loyaltyAccountQueryOptions().queryKey)).toBeUndefined()

    publish(channel, account(120, ['Silver', 100, 2], ['Gold', 500]))
    expect(await screen.findByText('Level up! You reached Silver.')).toBeInTheDocument()
    expect(screen.getAllByRole('status').filter((status) => status.textContent.includes('Silver'))).toHaveLength(1)
    // On a game page a notice, not the loyaltyLevel modal.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    publish(channel, account(520, ['Gold', 500, 3], ['Platinum', 2000]))
    expect(await screen.findByText('Level up! You reached Gold.')).toBeInTheDocument()
    expect(screen.getAllByRole('status').filter((status) => status.textContent.includes('Gold'))).toHaveLength(1)
  })
})
