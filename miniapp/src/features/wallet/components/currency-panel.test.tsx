import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import { ACCOUNT_DEPENDENT_QUERY_KEYS } from '@/features/wallet/account-dependent-queries'
import { EQUIVALENT_CURRENCY_KEY } from '@/features/wallet/equivalent-currency'
import { storeToken } from '@/lib/session'
import type { Account } from '@/lib/api-types'
import { fakeJwt } from '@/test/fake-jwt'
import { accounts, currencies, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const NBSP = '\u00a0'

function signedIn(held: Account[] = accounts) {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  let current = held
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: current })),
  )
  return {
    setAccounts: (next: Account[]) => {
      current = next
    },
  }
}

async function openPanel() {
  const view = renderRoute('/')
  await screen.findByTestId('header-balance')
  await view.user.click(screen.getByRole('button', { name: /^Balance / }))
  const panel = await screen.findByRole('dialog', { name: 'Your accounts' })
  // The panel is a lazy chunk: its list arrives a moment after the dialog.
  await within(panel).findAllByRole('listitem')
  return { ...view, panel }
}

describe('the currency panel', () => {
  it('lists every account in its own currency (BTC in mBTC) and the converted total', async () => {
    signedIn()
    const { panel } = await openPanel()
    const rows = await within(panel).findAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['USDActive$123.45', `BTC15.00${NBSP}mBTCSwitch`])
    // baseCurrencyTotalBalance 1,098.45 USD.
    expect(await within(panel).findByTestId('total-balance')).toHaveTextContent('$1,098.45')
  })

  it('shows the total in the chosen equivalent currency, rounded to 2 decimals, and keeps the choice', async () => {
    signedIn()
    const { panel, user } = await openPanel()
    await within(panel).findByTestId('total-balance')
    await user.selectOptions(within(panel).getByLabelText('Show the total in'), 'BTC')
    // 1,098.45 USD at 65,000 USD per BTC = 16.899... mBTC.
    expect(within(panel).getByTestId('total-balance')).toHaveTextContent('16.90 mBTC')
    expect(localStorage.getItem(EQUIVALENT_CURRENCY_KEY)).toBe('BTC')
  })

  it('restores a saved equivalent currency on the next visit (after signing in again)', async () => {
    localStorage.setItem(EQUIVALENT_CURRENCY_KEY, 'BTC')
    signedIn()
    const { panel } = await openPanel()
    expect(await within(panel).findByTestId('total-balance')).toHaveTextContent('16.90 mBTC')
  })

  it('switches the account, then refreshes the header and every account-dependent query', async () => {
    signedIn()
    const { panel, user, queryClient } = await openPanel()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await user.click(within(panel).getByRole('button', { name: 'Switch to BTC' }))

    await waitFor(() => {
      expect(screen.getByTestId('header-balance')).toHaveTextContent('15.00 mBTC')
    })
    const invalidated = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    for (const key of ACCOUNT_DEPENDENT_QUERY_KEYS) expect(invalidated).toContainEqual(key)
    expect(within(panel).getAllByRole('listitem')[1]).toHaveTextContent('BTCActive')
  })

  it('hides an empty account', async () => {
    const empty = [accounts[0], { ...accounts[1], balance: 0 }] as Account[]
    signedIn(empty)
    server.use(
      http.put('/api/wallet/accounts/2/hide', () => HttpResponse.json({ data: [accounts[0]] })),
    )
    const { panel, user } = await openPanel()
    await user.click(within(panel).getByRole('button', { name: 'Hide the BTC account' }))
    await waitFor(() => {
      expect(within(panel).getAllByRole('listitem')).toHaveLength(1)
    })
  })

  it('says why the platform refused to hide an account', async () => {
    signedIn([accounts[0], { ...accounts[1], balance: 0 }] as Account[])
    server.use(
      http.put('/api/wallet/accounts/2/hide', () =>
        HttpResponse.json({ code: 'account_not_empty', message: 'An account holding money cannot be hidden.' }, { status: 409 }),
      ),
    )
    const { panel, user } = await openPanel()
    await user.click(within(panel).getByRole('button', { name: 'Hide the BTC account' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Only an empty account can be hidden.')
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2)
  })

  it('adds an account in an enabled currency not yet held', async () => {
    const { setAccounts } = signedIn()
    const eth = { ...currencies[1], code: 'ETH', subCurrencies: [{ code: 'mETH', subunitToUnit: 100_000 }], rate: { rate: '3400' } }
    const opened: unknown[] = []
    server.use(
      http.get('/api/settings/currencies', () => HttpResponse.json({ data: [...currencies, eth] })),
      http.post('/api/wallet/accounts', async ({ request }) => {
        opened.push(await request.json())
        setAccounts([...accounts, { id: 3, currency: 'ETH', balance: 0, status: 0 }])
        return HttpResponse.json({ id: 3, currency: 'ETH', balance: 0, status: 0 }, { status: 201 })
      }),
    )
    const { panel, user } = await openPanel()
    // USD and BTC are held and EUR is disabled: ETH is the one currency offered.
    const select = within(panel).getByLabelText('New account currency')
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['ETH'])
    await user.click(within(panel).getByRole('button', { name: 'Add account' }))

    await waitFor(() => {
      expect(within(panel).getAllByRole('listitem')).toHaveLength(3)
    })
    expect(within(panel).getAllByRole('listitem')[2]).toHaveTextContent('ETH0.00 mETH')
    expect(opened).toEqual([{ currency: 'ETH' }])
    expect(within(panel).getByText('You have an account in every available currency.')).toBeInTheDocument()
  })

  it('tells the player why an account could not be added', async () => {
    signedIn()
    const eth = { ...currencies[1], code: 'ETH' }
    server.use(
      http.get('/api/settings/currencies', () => HttpResponse.json({ data: [...currencies, eth] })),
      http.post('/api/wallet/accounts', () => HttpResponse.json({ code: 'account_exists', message: 'exists' }, { status: 409 })),
    )
    const { panel, user } = await openPanel()
    await user.click(within(panel).getByRole('button', { name: 'Add account' }))
    expect(await within(panel).findByText('You already have an account in this currency.')).toBeInTheDocument()
  })
})
