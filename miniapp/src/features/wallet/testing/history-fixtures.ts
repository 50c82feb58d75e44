import type { Schemas } from '@/lib/api-types'
import { accounts } from '@/test/fixtures'

/** What the wallet pages' API mocks serve unless a test says otherwise. */

export function invoice(id: string, overrides: Partial<Schemas['Invoice']> = {}): Schemas['Invoice'] {
  return {
    id,
    type: 'deposit',
    status: 2,
    amount: 2500,
    currency: 'USD',
    number: 1,
    paymentMethod: 'card.deposit.visa',
    paymentMethodName: 'Visa',
    accountId: 1,
    publicData: null,
    redirectUrl: null,
    event: 'invoice.deposit.updated',
    failureReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:05.000Z',
    ...overrides,
  }
}

export const invoices = [
  invoice('inv-pending', { status: 1, number: null, amount: 5000, redirectUrl: '/sandbox/payments/inv-pending', createdAt: '2026-11-22T09:00:00.000Z' }),
  invoice('inv-withdrawal', { type: 'withdrawal', amount: 700, number: null, paymentMethod: 'card.withdrawal.visa', event: 'invoice.withdrawal.updated', createdAt: '2026-11-21T09:00:00.000Z' }),
  invoice('inv-ok'),
]

export const statistics = {
  data: [
    { type: 'deposit', status: 1, currency: 'USD', count: 1, amount: 5000 },
    { type: 'deposit', status: 2, currency: 'USD', count: 1, amount: 2500 },
    { type: 'deposit', status: 2, currency: 'BTC', count: 1, amount: 100_000 },
    { type: 'withdrawal', status: 2, currency: 'USD', count: 1, amount: 700 },
  ],
  depositsCount: 2,
} satisfies Schemas['Statistics']

export const converted = {
  accounts: accounts.map((account) => ({ ...account, baseCurrencyBalance: account.currency === 'BTC' ? 97_500 : account.balance })),
  baseCurrency: 'USD',
  baseCurrencyTotalBalance: 12_345 + 97_500,
} satisfies Schemas['ConvertedAccounts']

export const bets = [
  {
    id: 11,
    gameId: 101,
    gameIdentity: 'lucky-sevens',
    gameName: 'Lucky Sevens',
    accountId: 1,
    amount: 100,
    win: 350,
    currency: 'USD',
    isSettled: true,
    createdAt: '2026-11-20T11:00:00.000Z',
    settledAt: '2026-11-20T11:00:00.000Z',
  },
] satisfies Schemas['Bet'][]

export const spins = [
  { id: 21, gameId: 101, bet: 100, win: 0, currency: 'USD', createdAt: '2026-11-20T11:00:00.000Z', gameIdentity: 'lucky-sevens', gameName: 'Lucky Sevens' },
] satisfies Schemas['SpinEntry'][]

export const playerBonuses = [
  {
    id: 31,
    name: 'Welcome 100%',
    status: 3,
    result: 2,
    amount: 1000,
    currency: 'USD',
    packageId: 1,
    issueSessionId: null,
    source: 'deposit',
    maxBetAmount: null,
    wagerCasinoConditions: { gameIds: [], multiplier: 30, wagerAmount: 30_000, wageredAmount: 30_000, maxBetAmount: null },
    expiresAt: '2026-12-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:06.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
  },
] satisfies Schemas['PlayerBonus'][]
