import { http, HttpResponse } from 'msw'

import { bets, converted, invoices, playerBonuses, spins, statistics } from '@/features/wallet/testing/history-fixtures'
import type { Account, Schemas } from '@/lib/api-types'
import { accounts } from '@/test/fixtures'
import { withSession } from '@/test/msw/signed-in'

function paged<T>(rows: T[], url: URL): { data: T[]; meta: Schemas['PageMeta'] } {
  const page = Number(url.searchParams.get('page') ?? 1)
  const perPage = Number(url.searchParams.get('perPage') ?? 20)
  return {
    data: rows.slice((page - 1) * perPage, page * perPage),
    meta: { page, perPage, totalPages: Math.ceil(rows.length / perPage), totalRows: rows.length },
  }
}

/** As `withSession` (`src/test/msw/signed-in.ts`), for handlers that read the request. */
function signedIn(request: Request): boolean {
  return request.headers.get('Authorization')?.startsWith('Bearer ') ?? false
}

const unauthorized = () => HttpResponse.json({ code: 'unauthorized', message: 'Sign in first.' }, { status: 401 })

const notFound = () => HttpResponse.json({ code: 'account_not_found', message: 'There is no such account.' }, { status: 404 })

/**
 * The wallet pages' calls: the currency panel's (converted total, switch, hide, open) and the
 * histories'. Switch and hide answer from the fixtures' accounts as the platform would; a test that
 * follows a sequence of changes overrides them with `server.use`.
 */
export const walletPagesHandlers = [
  http.get('/api/wallet/accounts/converted', withSession(() => HttpResponse.json(converted satisfies Schemas['ConvertedAccounts']))),
  http.put('/api/wallet/accounts/:id/switch-account', ({ params, request }) => {
    if (!signedIn(request)) return unauthorized()
    const id = Number(params.id)
    if (!accounts.some((account) => account.id === id)) return notFound()
    const data: Account[] = accounts.map((account) => ({ ...account, status: account.id === id ? 1 : 0 }))
    return HttpResponse.json({ data } satisfies Schemas['List_Account'])
  }),
  http.put('/api/wallet/accounts/:id/hide', ({ params, request }) => {
    if (!signedIn(request)) return unauthorized()
    const id = Number(params.id)
    const account = accounts.find((candidate) => candidate.id === id)
    if (!account) return notFound()
    if (account.status === 1) {
      return HttpResponse.json({ code: 'account_active', message: 'Switch to another account first.' }, { status: 409 })
    }
    return HttpResponse.json({ data: accounts.filter((candidate) => candidate.id !== id) } satisfies Schemas['List_Account'])
  }),
  http.post('/api/wallet/accounts', async ({ request }) => {
    if (!signedIn(request)) return unauthorized()
    const { currency } = (await request.json()) as { currency: string }
    if (accounts.some((account) => account.currency === currency)) {
      return HttpResponse.json({ code: 'account_exists', message: 'You already have an account in this currency.' }, { status: 409 })
    }
    return HttpResponse.json({ id: 9, currency, balance: 0, status: 0 } satisfies Account, { status: 201 })
  }),
  http.get('/api/payment/invoices/statistics', withSession(() => HttpResponse.json(statistics))),
  http.get('/api/payment/invoices', ({ request }) => {
    const url = new URL(request.url)
    const type = url.searchParams.get('type')
    const status = url.searchParams.get('status')
    const rows = invoices.filter((row) => (!type || row.type === type) && (!status || String(row.status) === status))
    return signedIn(request) ? HttpResponse.json(paged(rows, url) satisfies Schemas['InvoicePage']) : unauthorized()
  }),
  http.get('/api/game/bets', ({ request }) => {
    const url = new URL(request.url)
    const settled = url.searchParams.get('isSettled') !== 'false'
    const rows = bets.filter((bet) => bet.isSettled === settled)
    return signedIn(request) ? HttpResponse.json(paged(rows, url) satisfies Schemas['Page_Bet']) : unauthorized()
  }),
  http.get('/api/game/spins', ({ request }) =>
    signedIn(request) ? HttpResponse.json(paged(spins, new URL(request.url)) satisfies Schemas['Page_SpinEntry']) : unauthorized(),
  ),
  http.get('/api/game/player-bonuses', withSession(() => HttpResponse.json({ data: playerBonuses } satisfies Schemas['List_PlayerBonus']))),
]
