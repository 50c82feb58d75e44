import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { invoiceFixture } from '@/features/wallet/testing/payment-handlers'
import { connectAnalyticsSink } from '@/lib/analytics'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { constants, profile } from '@/test/fixtures'
import { publish, subscribedChannels } from '@/test/msw/realtime'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  server.use(http.get('/api/player/profile', () => HttpResponse.json(profile)))
}

function recordInvoices(direction: 'deposit' | 'withdrawal', answer?: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = []
  server.use(
    http.post(`/api/payment/invoices/${direction}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      return answer?.(body) ?? HttpResponse.json(invoiceFixture({ amount: Number(body.amount), paymentMethod: String(body.paymentMethod) }), { status: 201 })
    }),
  )
  return sent
}

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('the wallet modal, deposit tab', () => {
  it('lists methods with cash agents first, refuses an amount below the method, and makes one invoice on a double tap', async () => {
    signedIn()
    const tab = { location: { assign: vi.fn() }, opener: {}, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const sent = recordInvoices('deposit')
    const { user } = renderRoute('/?wallet=deposit')

    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 5000 })
    const radios = await within(dialog).findAllByRole('radio', {}, { timeout: 5000 })
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'cashagent.deposit.cashAgent',
      'card.deposit.visa',
      'card.deposit.masterCard',
      'ewallet.deposit.skrill',
      'cryptowallet.deposit.tron',
    ])
    expect(within(dialog).getByText(/Fee 1.5%/)).toBeInTheDocument()

    await user.click(within(dialog).getByRole('radio', { name: /Visa/ }))
    await user.type(within(dialog).getByLabelText('Amount, USD'), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Deposit $5.00' }))
    expect(within(dialog).getByLabelText('Amount, USD')).toHaveAccessibleDescription('The smallest amount for this method is $10.00.')
    expect(sent).toHaveLength(0)

    await user.clear(within(dialog).getByLabelText('Amount, USD'))
    await user.type(within(dialog).getByLabelText('Amount, USD'), '1234.567')
    expect(within(dialog).getByLabelText('Amount, USD')).toHaveValue('1,234.56')
    const pay = within(dialog).getByRole('button', { name: 'Deposit $1,234.56' })
    await user.dblClick(pay)

    expect(await within(dialog).findByText('Waiting for your payment of $1,234.56', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(sent).toEqual([{ paymentMethod: 'card.deposit.visa', amount: 123456, currency: 'USD', accountId: 1 }])
    expect(open).toHaveBeenCalledTimes(1)
    expect(tab.opener).toBeNull()
    expect(tab.location.assign).toHaveBeenCalledWith('/sandbox/payments/inv-1')
    expect(localStorage.getItem('pendingInvoiceId')).toBe(`${profile.id}:inv-1`)
  })

  it('follows the invoice live: a success opens deposit-success with the sum and fires ftd and deposit', async () => {
    signedIn()
    vi.spyOn(window, 'open').mockReturnValue(null)
    recordInvoices('deposit')
    const events: string[] = []
    const disconnect = connectAnalyticsSink((event) => events.push(event))
    const { user, router } = renderRoute('/?wallet=deposit')
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 5000 })
    await user.click(await within(dialog).findByRole('radio', { name: /Visa/ }))
    await user.click(within(dialog).getByRole('button', { name: '$50.00' }))
    await user.click(within(dialog).getByRole('button', { name: 'Deposit $50.00' }))
    await within(dialog).findByText('Waiting for your payment of $50.00', {}, { timeout: 5000 })
    await waitFor(() => {
      expect(subscribedChannels()).toContain(`payment:invoices#${profile.id}`)
    })

    act(() => {
      publish(`payment:invoices#${profile.id}`, {
        event: 'invoice.deposit.updated',
        invoice: invoiceFixture({ amount: 50_00, status: 2, number: 1, redirectUrl: null }),
      })
    })
    const success = await screen.findByRole('dialog', { name: 'Deposit successful' })
    expect(success).toHaveTextContent('$50.00 is on your balance.')
    expect(router.state.location.search).toEqual({ 'deposit-success': 'inv-1' })
    expect(events).toEqual(['ftd', 'deposit'])
    expect(localStorage.getItem('pendingInvoiceId')).toBeNull()
    disconnect()
  })

  it('tells a deposit that settled while the connection was down once it is back, and only once', async () => {
    signedIn()
    localStorage.setItem('pendingInvoiceId', `${profile.id}:inv-away`)
    const paid = invoiceFixture({ id: 'inv-away', amount: 30_00, status: 2, number: 1, redirectUrl: null })
    server.use(http.get('/api/payment/invoices', () => HttpResponse.json({ data: [paid], meta: { page: 1, perPage: 100, totalPages: 1, totalRows: 1 } })))
    const events: string[] = []
    const disconnect = connectAnalyticsSink((event) => events.push(event))
    const { router } = renderRoute('/')

    const success = await screen.findByRole('dialog', { name: 'Deposit successful' }, { timeout: 5000 })
    expect(await within(success).findByText(/\$30\.00 is on your balance\./)).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ 'deposit-success': 'inv-away' })
    expect(localStorage.getItem('pendingInvoiceId')).toBeNull()
    // The same settlement published late is not told again; a paid withdrawal published after it shows
    // when the channel has handled both.
    act(() => {
      publish(`payment:invoices#${profile.id}`, { event: 'invoice.deposit.updated', invoice: paid })
      publish(`payment:invoices#${profile.id}`, {
        event: 'invoice.withdrawal.updated',
        invoice: invoiceFixture({ id: 'inv-out', type: 'withdrawal', status: 2, redirectUrl: null }),
      })
    })
    expect(await screen.findByText('Withdrawal paid')).toBeInTheDocument()
    expect(events).toEqual(['ftd', 'deposit'])
    disconnect()
  })

  it('shows a crypto invoice with its QR code, address and amount, and opens no tab for it', async () => {
    signedIn()
    recordInvoices('deposit', (body) =>
      HttpResponse.json(
        invoiceFixture({
          amount: Number(body.amount),
          redirectUrl: null,
          publicData: { address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', network: 'TRON (TRC-20)', qr: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
        }),
        { status: 201 },
      ),
    )
    const open = vi.spyOn(window, 'open')
    const { user } = renderRoute('/?wallet=deposit')
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 5000 })
    await user.click(await within(dialog).findByRole('radio', { name: /Tether/ }))
    await user.type(within(dialog).getByLabelText('Amount, USD'), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Deposit $20.00' }))

    expect(await within(dialog).findByRole('img', { name: 'QR code of the payment to TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Copy address' })).toBeInTheDocument()
    expect(within(dialog).getByText('20')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
  })

  it('reads a new invoice’s status as the platform numbers it: 2 is pending there, so the payment waits', async () => {
    signedIn()
    server.use(http.get('/api/settings/constants', () => HttpResponse.json({ ...constants, invoiceStatuses: { pending: 2, success: 3, failure: 1 } })))
    const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'
    recordInvoices('deposit', (body) =>
      HttpResponse.json(
        invoiceFixture({ status: 2, amount: Number(body.amount), redirectUrl: null, publicData: { address, network: 'TRON (TRC-20)', qr: address } }),
        { status: 201 },
      ),
    )
    const { user } = renderRoute('/?wallet=deposit')
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 10_000 })
    await user.click(await within(dialog).findByRole('radio', { name: /Tether/ }))
    await user.type(within(dialog).getByLabelText('Amount, USD'), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Deposit $20.00' }))

    expect(await within(dialog).findByRole('img', { name: `QR code of the payment to ${address}` })).toBeInTheDocument()
    expect(within(dialog).queryByText('Deposit received')).not.toBeInTheDocument()
  })

  it('shows the deposit bonus code waiting for this deposit by the status the platform names waiting', async () => {
    signedIn()
    // Here 7 is waiting and 1 is used: the used code must not read as applied.
    server.use(
      http.get('/api/settings/constants', () =>
        HttpResponse.json({ ...constants, bonusCodeStatuses: { waiting: 7, used: 1, incorrect: 3, notAvailable: 4 } }),
      ),
      http.get('/api/game/bonuses/bonuscodes', () =>
        HttpResponse.json({
          data: [
            { playerBonusCodeId: 1, bonusCode: 'SPENT', trigger: 3, status: 1, packageId: 6 },
            { playerBonusCodeId: 2, bonusCode: 'WELCOME', trigger: 3, status: 7, packageId: 6 },
          ],
        }),
      ),
    )
    renderRoute('/?wallet=deposit')
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 10_000 })
    expect(await within(dialog).findByText('Bonus code WELCOME applies to this deposit')).toBeInTheDocument()
    expect(within(dialog).queryByText(/SPENT/)).not.toBeInTheDocument()
  })

  it('shows the deposit-limit-reached state on 13100, with the limits and a link to change them', async () => {
    signedIn()
    server.use(
      http.get('/api/payment/methods/deposit', () =>
        HttpResponse.json({ code: '13100', message: 'Your deposit limit is reached.' }, { status: 409 }),
      ),
      http.get('/api/player/limits', () =>
        HttpResponse.json({ data: [{ id: 1, definition: 3, period: 'daily', amount: 100_00, currency: 'USD', used: 100_00 }] }),
      ),
    )
    renderRoute('/?wallet=deposit')
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 5000 })
    expect(await within(dialog).findByText('Deposit limit reached')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Manage limits' })).toHaveAttribute('href', '/profile/limits')
    expect(await within(dialog).findByText('$100.00 of $100.00')).toBeInTheDocument()
    expect(within(dialog).queryByRole('radio')).toBeNull()
  })

  it('answers another methods failure with an empty list and a retry', async () => {
    signedIn()
    let calls = 0
    server.use(
      http.get('/api/payment/methods/deposit', () => {
        calls += 1
        return HttpResponse.json({ code: 'internal', message: 'Boom' }, { status: 500 })
      }),
    )
    const { user } = renderRoute('/?wallet=deposit')
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' }, { timeout: 5000 })
    await user.click(await within(dialog).findByRole('button', { name: 'Retry' }))
    await waitFor(() => {
      expect(calls).toBe(2)
    })
  })
})

describe('the wallet modal, withdraw tab', () => {
  it('refuses more than the balance and a malformed address, confirms, then shows the pending withdrawal', async () => {
    signedIn()
    const sent = recordInvoices('withdrawal', (body) =>
      HttpResponse.json(
        invoiceFixture({
          id: 'inv-w',
          type: 'withdrawal',
          amount: Number(body.amount),
          redirectUrl: null,
          event: 'invoice.withdrawal.updated',
          publicData: { address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', network: 'TRON (TRC-20)' },
        }),
        { status: 201 },
      ),
    )
    const { user } = renderRoute('/?wallet=withdraw')
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' })
    expect(await within(dialog).findByText(`Available: $123.45`)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: /Tether/ }))
    await user.type(within(dialog).getByLabelText('Amount, USD'), '200')
    await user.type(within(dialog).getByLabelText('Wallet address (TRON (TRC-20))'), '0xnot-tron')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByLabelText('Amount, USD')).toHaveAccessibleDescription('Your balance is $123.45: enter at most that.')
    expect(within(dialog).getByLabelText('Wallet address (TRON (TRC-20))')).toHaveAccessibleDescription(
      'This is not a TRON (TRC-20) address. Check it and try again.',
    )

    await user.clear(within(dialog).getByLabelText('Amount, USD'))
    await user.type(within(dialog).getByLabelText('Amount, USD'), '100')
    await user.clear(within(dialog).getByLabelText('Wallet address (TRON (TRC-20))'))
    await user.type(within(dialog).getByLabelText('Wallet address (TRON (TRC-20))'), 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByText('Confirm the withdrawal')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }))

    expect(await within(dialog).findByText('Withdrawal of $100.00 is being processed')).toBeInTheDocument()
    expect(sent).toEqual([
      { paymentMethod: 'cryptowallet.withdrawal.tron', amount: 100_00, currency: 'USD', accountId: 1, fields: { wallet_id: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' } },
    ])
  })
})

describe('cancel-deposit', () => {
  it('declines the pending invoice named in the URL', async () => {
    signedIn()
    const declined: string[] = []
    server.use(
      http.get('/api/payment/invoices', () =>
        HttpResponse.json({ data: [invoiceFixture()], meta: { page: 1, perPage: 100, totalPages: 1, totalRows: 1 } }),
      ),
      http.put('/api/payment/invoices/:id/decline', ({ params }) => {
        declined.push(String(params.id))
        return HttpResponse.json(invoiceFixture({ status: 3, failureReason: 'declined_by_player', redirectUrl: null }))
      }),
    )
    const { user, router } = renderRoute('/?cancel-deposit=inv-1')
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this deposit?' })
    await waitFor(() => {
      expect(dialog).toHaveAccessibleDescription(/The payment of \$25.00 will not be taken/)
    })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel deposit' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
    expect(declined).toEqual(['inv-1'])
    expect(await screen.findByText('Deposit cancelled')).toBeInTheDocument()
  })
})
