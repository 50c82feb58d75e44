import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { readStoredToken, storeToken } from '@/lib/session'
import { accounts, profile } from '@/test/fixtures'
import { publish, subscribedChannels } from '@/test/msw/realtime'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  const loggedOut: string[] = []
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    http.post('/api/player/sessions/logout', ({ request }) => {
      loggedOut.push(request.headers.get('Authorization') ?? '')
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return { loggedOut }
}

describe('the header', () => {
  it('offers Sign in and Sign up to a guest', async () => {
    const { user, router } = renderRoute('/')
    const header = await screen.findByRole('banner')

    await user.click(within(header).getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ 'sign-in': true })
  })

  it("shows the active account's balance, and the currency panel lists every account", async () => {
    signedIn()
    const { user } = renderRoute('/')

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    await user.click(screen.getByRole('button', { name: 'Balance $123.45. Show accounts' }))

    const panel = await screen.findByRole('dialog', { name: 'Your accounts' })
    const rows = await within(panel).findAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['USDActive$123.45', 'BTC15.00\u00a0mBTCSwitch'])
  })

  it('keeps the player signed in when the sign-out question is cancelled', async () => {
    const { loggedOut } = signedIn()
    const { user, router } = renderRoute('/')
    await screen.findByTestId('header-balance')

    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'ana' })).getByRole('button', { name: 'Sign out' }))
    const question = await screen.findByRole('dialog', { name: 'Sign out?' })
    expect(router.state.location.search).toEqual({ confirm: expect.any(String) as string })
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(router.state.location.search).toEqual({})
    expect(screen.getByTestId('header-balance')).toBeInTheDocument()
    expect(readStoredToken()).toBeDefined()
    expect(loggedOut).toEqual([])
  })

  it('closes an open panel when the full path changes', async () => {
    signedIn()
    const { user, router } = renderRoute('/')
    await screen.findByTestId('header-balance')
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByRole('dialog', { name: 'ana' })).toBeInTheDocument()

    await act(() => router.navigate({ to: '/', search: { 'cookie-request': true } }))

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'ana' })).not.toBeInTheDocument()
    })
  })

  it('opens the deposit view from Deposit', async () => {
    signedIn()
    const { user, router } = renderRoute('/')

    await user.click(await screen.findByRole('button', { name: 'Deposit' }))

    expect(router.state.location.search).toEqual({ wallet: 'deposit' })
  })

  it('signs out from the user panel: the session ends on the server and here', async () => {
    const { loggedOut } = signedIn()
    const { user } = renderRoute('/')
    await screen.findByTestId('header-balance')

    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    const panel = await screen.findByRole('dialog', { name: 'ana' })
    expect(panel).toHaveAccessibleDescription('ana@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Sign out' }))
    const question = await screen.findByRole('dialog', { name: 'Sign out?' })
    await user.click(within(question).getByRole('button', { name: 'Sign out' }))

    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(readStoredToken()).toBeUndefined()
    await waitFor(() => {
      expect(loggedOut).toHaveLength(1)
    })
  })

  it('moves the balance live when the wallet channel publishes, and unsubscribes on sign-out', async () => {
    signedIn()
    const { user } = renderRoute('/')
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    await waitFor(() => {
      expect(subscribedChannels().sort()).toEqual(
        [
          'wallet:accounts#',
          'payment:invoices#',
          // The retention features' channels (spec section 4, "After login").
          'bonus:player-bonuses#',
          'bonus:player-freespins#',
          'bonus:player-bonus-codes#',
          'retention:quests#',
          'retention:accounts#',
          'messenger:notifications#',
          'messenger:pushes#',
          // The histories and the latest wins, live app-wide.
          'game:spins#',
          'game:bets#',
        ]
          .map((channel) => `${channel}${String(profile.id)}`)
          .concat('global:online')
          .sort(),
      )
    })

    const changed = { id: 1, currency: 'USD', balance: 52_345, status: 1 }
    publish(`wallet:accounts#${String(profile.id)}`, { account: changed, accounts: [changed, accounts[1]] })

    expect(await screen.findByText('$523.45')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out?' })).getByRole('button', { name: 'Sign out' }))
    // The player's channels close; the online count stays, as a guest sees it too.
    await waitFor(() => {
      expect(subscribedChannels()).toEqual(['global:online'])
    })
  })
})
