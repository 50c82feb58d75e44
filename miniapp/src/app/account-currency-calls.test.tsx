import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { accountsQueryOptions } from '@/lib/accounts'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const btcActive = accounts.map((account) => ({ ...account, status: account.currency === 'BTC' ? 1 : 0 }))

describe('the calls priced in the active currency', () => {
  it('ask for quests and cashback in the active account’s currency, and again in the new one after a switch', async () => {
    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    const asked: { path: string; currency: string | null }[] = []
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url)
      if (url.pathname === '/api/retention/quests' || url.pathname === '/api/game/bonuses/cashback')
        asked.push({ path: url.pathname, currency: url.searchParams.get('currency') })
    })
    server.use(
      http.get('/api/player/profile', () => HttpResponse.json(profile)),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: btcActive })),
    )
    const { queryClient } = renderRoute('/')

    await waitFor(() => {
      expect(asked).toEqual(
        expect.arrayContaining([
          { path: '/api/retention/quests', currency: 'BTC' },
          { path: '/api/game/bonuses/cashback', currency: 'BTC' },
        ]),
      )
    }, { timeout: 10_000 })
    expect(asked.every(({ currency }) => currency === 'BTC')).toBe(true)

    act(() => {
      queryClient.setQueryData(accountsQueryOptions().queryKey, accounts)
    })
    await waitFor(() => {
      expect(asked).toEqual(
        expect.arrayContaining([
          { path: '/api/retention/quests', currency: 'USD' },
          { path: '/api/game/bonuses/cashback', currency: 'USD' },
        ]),
      )
    }, { timeout: 10_000 })
  })
})
