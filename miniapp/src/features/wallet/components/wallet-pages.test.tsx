import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { resetDevice } from '@/lib/device'

import { invoice, playerBonuses } from '@/features/wallet/testing/history-fixtures'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { accounts, constants, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
  )
}

describe('/wallet', () => {
  it('sends a guest home with sign-in open', async () => {
    const { router } = renderRoute('/wallet')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(router.state.location.search).toEqual({ 'sign-in': true })
  })

  it('lists the accounts, the pending deposit with Decline, and the totals per currency', async () => {
    signedIn()
    const { user, router } = renderRoute('/wallet')
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument()
    const pending = screen.getByRole('region', { name: 'Pending payments' })
    const row = await within(pending).findByRole('listitem')
    expect(row).toHaveTextContent('Deposit · Visa')
    expect(row).toHaveTextContent('$50.00')

    const totals = await screen.findByRole('table', { name: 'Totals by currency' })
    const usd = within(totals).getByRole('row', { name: /^USD/ })
    expect(within(usd).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$25.00', '$7.00', '$50.00'])
    expect(within(totals).getByRole('row', { name: /^BTC/ })).toHaveTextContent('1.00 mBTC')

    await user.click(within(row).getByRole('button', { name: 'Decline the deposit of $50.00' }))
    expect(router.state.location.search).toEqual({ 'cancel-deposit': 'inv-pending' })
  })

  it('opens the wallet modal on its tabs from Deposit and Withdraw', async () => {
    signedIn()
    const { user, router } = renderRoute('/wallet')
    const main = await screen.findByRole('main')
    await user.click(within(main).getByRole('button', { name: 'Withdraw' }))
    expect(router.state.location.search).toEqual({ wallet: 'withdraw' })
    await act(() => router.navigate({ to: '/wallet', search: {} }))
    await user.click(within(main).getByRole('button', { name: 'Deposit' }))
    expect(router.state.location.search).toEqual({ wallet: 'deposit' })
  })

  it('says when nothing is waiting, and offers a retry when the list fails', async () => {
    signedIn()
    let fail = true
    server.use(
      http.get('/api/payment/invoices', () =>
        fail ? HttpResponse.json({ code: 'boom', message: 'down' }, { status: 500 }) : HttpResponse.json({ data: [], meta: { page: 1, perPage: 20, totalPages: 0, totalRows: 0 } }),
      ),
    )
    const { user } = renderRoute('/wallet')
    const pending = await screen.findByRole('region', { name: 'Pending payments' })
    expect(await within(pending).findByRole('alert')).toHaveTextContent('Pending payments did not load')
    fail = false
    await user.click(within(pending).getByRole('button', { name: 'Retry' }))
    expect(await within(pending).findByText('No payments are waiting.')).toBeInTheDocument()
  })
})

describe('/wallet/history', () => {
  it('shows signed amounts: a credit with +, a debit with −, and narrows by the URL filters', async () => {
    signedIn()
    const requested: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/payment/invoices')) requested.push(new URL(request.url).search)
    })
    const { user, router } = renderRoute('/wallet/history')
    expect(await screen.findByText('+$25.00')).toBeInTheDocument()
    expect(screen.getByText('-$7.00')).toBeInTheDocument()

    await user.selectOptions(within(screen.getByRole('form', { name: 'Filters' })).getByLabelText('Type'), 'withdrawal')
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ type: 'withdrawal' })
    })
    await waitFor(() => {
      expect(screen.queryByText('+$25.00')).not.toBeInTheDocument()
    })
    expect(screen.getByText('-$7.00')).toBeInTheDocument()
    expect(requested.at(-1)).toContain('type=withdrawal')
  })

  it('labels, signs and filters by the statuses as the platform numbers them, not as the sandbox does', async () => {
    signedIn()
    // Invoices 3 pending, 1 success, 2 failure; bonuses 9 finished with result 12 played.
    server.use(
      http.get('/api/settings/constants', () =>
        HttpResponse.json({
          ...constants,
          invoiceStatuses: { pending: 3, success: 1, failure: 2 },
          bonusStatuses: { issued: 7, active: 8, finished: 9 },
          bonusResults: { played: 12, canceled: 13, expired: 14, expiredByTime: 15 },
        }),
      ),
    )
    const asked: (string | null)[] = []
    server.use(
      http.get('/api/payment/invoices', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('status'))
        const data = [invoice('inv-paid', { status: 1, amount: 2500 }), invoice('inv-waiting', { status: 3, amount: 900, number: null })]
        return HttpResponse.json({ data, meta: { page: 1, perPage: 20, totalPages: 1, totalRows: 2 } })
      }),
      http.get('/api/game/player-bonuses', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('status'))
        return HttpResponse.json({ data: [{ ...playerBonuses[0], status: 9, result: 12 }] })
      }),
    )
    const { user, router } = renderRoute('/wallet/history')
    expect(await screen.findByText('+$25.00')).toBeInTheDocument()
    const paid = screen.getByText('+$25.00').closest('li')
    expect(paid).toHaveTextContent('Successful')
    const waiting = screen.getByText('$9.00').closest('li')
    expect(waiting).toHaveTextContent('Pending')

    await user.selectOptions(within(screen.getByRole('form', { name: 'Filters' })).getByLabelText('Status'), 'success')
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ status: 'success' })
    })
    await waitFor(() => {
      expect(asked.at(-1)).toBe('1')
    })

    await router.navigate({ to: '/wallet/history', search: { tab: 'bonuses', status: 'finished' } as never })
    expect(await screen.findByText('Welcome 100%')).toBeInTheDocument()
    expect(screen.getByText('Welcome 100%').closest('li')).toHaveTextContent('Played')
    expect(screen.getByText('+$10.00')).toBeInTheDocument()
    expect(asked.at(-1)).toBe('9')
  })

  it('gives a phone the filters as a sheet behind a Filters button, and a desktop the bar', async () => {
    signedIn()
    resetDevice()
    window.innerWidth = 390
    try {
      const { user, router, unmount } = renderRoute('/wallet/history')
      expect(await screen.findByText('+$25.00')).toBeInTheDocument()
      expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Filters' }))
      const sheet = await screen.findByRole('dialog', { name: 'Filters' })
      await user.selectOptions(within(sheet).getByLabelText('Type'), 'deposit')
      await user.click(within(sheet).getByRole('button', { name: 'Show results' }))
      await waitFor(() => {
        expect(router.state.location.search).toEqual({ type: 'deposit' })
      })
      unmount()
    } finally {
      resetDevice()
      window.innerWidth = 1024
    }
    renderRoute('/wallet/history')
    expect(await screen.findByRole('form', { name: 'Filters' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument()
  })

  it('reads its filters from the URL and shows the empty state with a way out', async () => {
    signedIn()
    const { user, router } = renderRoute('/wallet/history?tab=bets&status=unsettled')
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Bets' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ tab: 'bets' })
    })
    expect(await screen.findByText('+$2.50')).toBeInTheDocument()
  })

  it('pages the list', async () => {
    signedIn()
    const many = Array.from({ length: 25 }, (_, index) => invoice(`inv-${String(index)}`, { amount: 100 + index }))
    server.use(
      http.get('/api/payment/invoices', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        return HttpResponse.json({ data: many.slice((page - 1) * 20, page * 20), meta: { page, perPage: 20, totalPages: 2, totalRows: 25 } })
      }),
    )
    const { user, router } = renderRoute('/wallet/history')
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ page: 2 })
    })
    expect(await screen.findByText('+$1.24')).toBeInTheDocument()
  })
})

describe('the fiat and wallet-bonus-info modals', () => {
  it('picks the display currency in ?fiat', async () => {
    localStorage.setItem('equivalentCurrency', 'BTC')
    signedIn()
    const { user, router } = renderRoute('/wallet?fiat=true')
    const dialog = await screen.findByRole('dialog', { name: 'Display currency' })
    await user.click(within(dialog).getByRole('radio', { name: /USD/ }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
    expect(localStorage.getItem('equivalentCurrency')).toBe('USD')
  })

  it('explains bonus money in ?wallet-bonus-info and shows running bonuses with their wagering', async () => {
    signedIn()
    server.use(
      http.get('/api/game/player-bonuses', () =>
        HttpResponse.json({
          data: [
            {
              id: 7,
              name: 'Reload 50%',
              status: 2,
              result: null,
              amount: 2000,
              currency: 'USD',
              packageId: 2,
              issueSessionId: null,
              source: 'deposit',
              maxBetAmount: null,
              wagerCasinoConditions: { gameIds: [], multiplier: 30, wagerAmount: 60_000, wageredAmount: 15_000, maxBetAmount: null },
              expiresAt: '2026-12-20T10:00:00.000Z',
              createdAt: '2026-11-20T10:00:06.000Z',
              updatedAt: '2026-11-20T12:00:00.000Z',
            },
          ],
        }),
      ),
    )
    renderRoute('/wallet?wallet-bonus-info=true')
    const dialog = await screen.findByRole('dialog', { name: 'Bonus money' })
    const bar = await within(dialog).findByRole('progressbar', { name: 'Wagered of Reload 50%' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(within(dialog).getByText('Wagered $150.00 of $600.00')).toBeInTheDocument()
  })

  it('shows a guest the explanation and a way to sign in, asking the platform for nothing', async () => {
    const asked: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/game/player-bonuses')) asked.push(request.url)
    })
    const { user, router } = renderRoute('/?wallet-bonus-info=true')
    const dialog = await screen.findByRole('dialog', { name: 'Bonus money' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }))
    expect(router.state.location.search).toEqual({ 'sign-in': true })
    expect(asked).toEqual([])
  })
})
