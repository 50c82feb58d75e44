import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { constants, profile } from '@/test/fixtures'
import { publish, subscribedChannels } from '@/test/msw/realtime'
import { renderRoute } from '@/test/render-route'

import { bonusesHandlers, welcomeBonus } from '@/features/bonuses/testing/handlers'
import type { Schemas } from '@/lib/api-types'
import { server } from '@/test/msw/server'
import { http, HttpResponse } from 'msw'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
}

describe('the bonuses page', () => {
  afterEach(() => {
    localStorage.clear()
  })

  it('asks a guest to sign in', async () => {
    renderRoute('/bonuses')
    expect(await screen.findByText('Sign in to see your bonuses')).toBeInTheDocument()
  })

  it('shows a running bonus with its wagering bar, and moves the bar when the channel publishes', async () => {
    signedIn()
    // The wallet's handlers answer the same list with its history fixture: these come first.
    server.use(...bonusesHandlers)
    renderRoute('/bonuses')
    // The route and its lazy chunks load on first use: a slower first find.
    const card = await screen.findByTestId(`bonus-${String(welcomeBonus.id)}`, {}, { timeout: 10_000 })
    const bar = within(card).getByRole('progressbar', { name: 'Wagered of Welcome bonus 100%' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(card).toHaveTextContent('Wagered $50.00 of $200.00')
    expect(await screen.findByTestId('bonuses-sum')).toHaveTextContent('$20.00')
    expect(await screen.findByRole('link', { name: '100% welcome bonus' })).toHaveAttribute('href', '/bonus/welcome-bonus')

    await waitFor(() => {
      expect(subscribedChannels()).toContain(`bonus:player-bonuses#${String(profile.id)}`)
    })
    publish(`bonus:player-bonuses#${String(profile.id)}`, {
      event: 'bonus.updated',
      playerBonus: { ...welcomeBonus, wagerCasinoConditions: { ...welcomeBonus.wagerCasinoConditions, wageredAmount: 15_000 } },
    })
    expect(await within(card).findByText('Wagered $150.00 of $200.00')).toBeInTheDocument()
    expect(bar).toHaveAttribute('aria-valuenow', '75')

    // A finished bonus leaves the list (spec section 4: lists keep statuses 1 and 2).
    publish(`bonus:player-bonuses#${String(profile.id)}`, {
      event: 'bonus.updated',
      playerBonus: { ...welcomeBonus, status: 3, result: 2 },
    })
    expect(await screen.findByText('No bonuses yet')).toBeInTheDocument()
  })

  it('lists, labels and acts on the statuses as the platform numbers them, not as the sandbox does', async () => {
    signedIn()
    // 5 issued, 6 active, 7 finished: no status means here what it means in the sandbox.
    const statuses = { issued: 5, active: 6, finished: 7 }
    const bundle = { id: 3, name: 'Spin week', status: statuses.issued, count: 10, usedCount: 0, totalWin: 0, betAmount: 20, currency: 'USD', gameId: 1, source: 'deposit', createdAt: '2026-01-01T00:00:00Z', expiresAt: '2099-01-01T00:00:00Z' } as Schemas['PlayerFreespin']
    const asked: (string | null)[] = []
    const list = (data: unknown[]) => ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).searchParams.get('status'))
      return HttpResponse.json({ data })
    }
    server.use(
      // Before the bonuses' own handlers: the first that matches answers.
      http.get('/api/settings/constants', () => HttpResponse.json({ ...constants, bonusStatuses: statuses, freeSpinStatuses: statuses })),
      http.get('/api/game/player-bonuses', list([{ ...welcomeBonus, status: statuses.active }])),
      http.get('/api/game/player-freespins', list([bundle])),
      ...bonusesHandlers,
    )
    renderRoute('/bonuses')
    const card = await screen.findByTestId(`bonus-${String(welcomeBonus.id)}`, {}, { timeout: 10_000 })
    expect(new Set(asked)).toEqual(new Set(['5,6']))
    expect(card).toHaveTextContent('Active')
    expect(within(card).getByRole('progressbar')).toBeInTheDocument()
    const spins = screen.getByTestId('freespin-3')
    expect(spins).toHaveTextContent('Not activated')
    expect(within(spins).getByRole('button', { name: 'Activate' })).toBeInTheDocument()

    await waitFor(() => {
      expect(subscribedChannels()).toContain(`bonus:player-bonuses#${String(profile.id)}`)
    })
    publish(`bonus:player-bonuses#${String(profile.id)}`, { event: 'bonus.updated', playerBonus: { ...welcomeBonus, status: statuses.finished } })
    await waitFor(() => {
      expect(screen.queryByTestId(`bonus-${String(welcomeBonus.id)}`)).not.toBeInTheDocument()
    })
  })

  it('shows the error state with a retry when the platform’s constants do not load', async () => {
    signedIn()
    let failing = true
    server.use(
      ...bonusesHandlers,
      http.get('/api/settings/constants', () => (failing ? HttpResponse.json({ code: 'unavailable', message: 'Down.' }, { status: 503 }) : HttpResponse.json(constants))),
    )
    renderRoute('/bonuses')
    expect(await screen.findByText('Your bonuses did not load', {}, { timeout: 10_000 })).toBeInTheDocument()
    failing = false
    screen.getByRole('button', { name: 'Retry' }).click()
    expect(await screen.findByTestId(`bonus-${String(welcomeBonus.id)}`)).toBeInTheDocument()
  })
})
