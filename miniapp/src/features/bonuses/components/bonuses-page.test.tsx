import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { publish, subscribedChannels } from '@/test/msw/realtime'
import { renderRoute } from '@/test/render-route'

import { bonusesHandlers, welcomeBonus } from '@/features/bonuses/testing/handlers'
import { server } from '@/test/msw/server'

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
})
