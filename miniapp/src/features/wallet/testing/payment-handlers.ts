import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

type Invoice = Schemas['Invoice']

function method(id: string, displayName: string, kind: string, minAmount: number, maxAmount: number, extra: Partial<Schemas['PaymentMethod']> = {}) {
  const [, , name = id] = id.split('.')
  return { id, name, displayName, currency: 'USD', minAmount, maxAmount, fee: { percent: '0' }, kind, ...extra } satisfies Schemas['PaymentMethod']
}

/** The platform's deposit methods for USD, as `payments-v1` seeds them (cash agents first). */
const depositMethodGroups = [
  { name: 'Cash agents', paymentMethods: [method('cashagent.deposit.cashAgent', 'Cash agent', 'cash', 5_00, 1_000_00)] },
  {
    name: 'Cards',
    paymentMethods: [
      method('card.deposit.visa', 'Visa', 'card', 10_00, 5_000_00),
      method('card.deposit.masterCard', 'Mastercard', 'card', 10_00, 5_000_00),
    ],
  },
  {
    name: 'E-wallets',
    paymentMethods: [method('ewallet.deposit.skrill', 'Skrill', 'wallet', 10_00, 10_000_00, { fee: { percent: '1.5' } })],
  },
  {
    name: 'Crypto',
    paymentMethods: [method('cryptowallet.deposit.tron', 'Tether (TRC-20)', 'crypto', 10_00, 5_000_00, { network: 'TRON (TRC-20)' })],
  },
] satisfies Schemas['Group'][]

const withdrawalMethodGroups = [
  { name: 'Cards', paymentMethods: [method('card.withdrawal.visa', 'Visa', 'card', 10_00, 5_000_00)] },
  {
    name: 'Crypto',
    paymentMethods: [method('cryptowallet.withdrawal.tron', 'Tether (TRC-20)', 'crypto', 10_00, 5_000_00, { network: 'TRON (TRC-20)' })],
  },
] satisfies Schemas['Group'][]

export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    type: 'deposit',
    status: 1,
    amount: 25_00,
    currency: 'USD',
    number: null,
    paymentMethod: 'card.deposit.visa',
    paymentMethodName: 'visa',
    accountId: 1,
    publicData: null,
    redirectUrl: '/sandbox/payments/inv-1',
    event: 'invoice.deposit.updated',
    failureReason: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  }
}

/** What a new invoice of each method answers, as the platform shapes it. */
function createdInvoice(direction: 'deposit' | 'withdrawal', body: Schemas['NewInvoice']): Invoice {
  const kind = body.paymentMethod.split('.')[0]
  const base = invoiceFixture({
    id: `inv-${direction}`,
    type: direction,
    amount: body.amount,
    currency: body.currency,
    paymentMethod: body.paymentMethod,
    event: `invoice.${direction}.updated`,
    redirectUrl: null,
  })
  if (direction === 'withdrawal') {
    return { ...base, publicData: body.fields?.wallet_id ? { address: body.fields.wallet_id, network: 'TRON (TRC-20)' } : null }
  }
  if (kind === 'cryptowallet') {
    const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'
    return { ...base, publicData: { address, network: 'TRON (TRC-20)', qr: address } }
  }
  if (kind === 'cashagent') return { ...base, publicData: { reference: 'AG-1A2B3C4D', instructions: 'Quote this reference to your cash agent.' } }
  return { ...base, redirectUrl: `/sandbox/payments/${base.id}` }
}

/**
 * The wallet modal's endpoints, answered as the platform does for a signed-in player with no limits. The
 * invoice list (`GET /payment/invoices`) is the wallet pages' handler; tests of an invoice lookup answer it.
 */
export const paymentHandlers = [
  http.get('/api/payment/methods/deposit', () => HttpResponse.json({ data: depositMethodGroups } satisfies Schemas['List_Group'])),
  http.get('/api/payment/methods/withdrawal', () => HttpResponse.json({ data: withdrawalMethodGroups } satisfies Schemas['List_Group'])),
  http.post('/api/payment/invoices/:direction', async ({ request, params }) => {
    if (!request.headers.get('Authorization')) return HttpResponse.json({ code: 'unauthorized', message: 'Sign in first.' }, { status: 401 })
    const body = (await request.json()) as Schemas['NewInvoice']
    const direction = params.direction === 'withdrawal' ? 'withdrawal' : 'deposit'
    return HttpResponse.json(createdInvoice(direction, body), { status: 201 })
  }),
  http.put(
    '/api/payment/invoices/:id/decline',
    withSession(() => HttpResponse.json(invoiceFixture({ status: 3, failureReason: 'declined_by_player', redirectUrl: null }))),
  ),
  http.get('/api/game/bonuses', () => HttpResponse.json({ data: [] } satisfies Schemas['List_DepositBonus'])),
  http.get('/api/game/bonuses/bonuscodes', withSession(() => HttpResponse.json({ data: [] } satisfies Schemas['List_PlayerBonusCode']))),
  http.get('/api/player/limits', withSession(() => HttpResponse.json({ data: [] } satisfies Schemas['List_Limit']))),
]
