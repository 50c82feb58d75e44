import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { EQUIVALENT_CURRENCY_KEY } from '@/features/wallet/equivalent-currency'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

describe('the equivalent currency in the account settings', () => {
  it('starts at the base currency, is searchable by code, and keeps the choice the currency panel uses', async () => {
    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    server.use(
      http.get('/api/player/profile', () => HttpResponse.json(profile)),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
      http.get('/api/player/social-connections', () => HttpResponse.json({ data: [] })),
    )
    const { user } = renderRoute('/profile/settings/account')
    const box = await screen.findByRole('combobox', { name: 'Equivalent currency' })
    expect(box).toHaveValue('USD')
    await user.clear(box)
    await user.type(box, 'bt')
    expect(within(screen.getByRole('listbox', { name: 'Equivalent currency' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['BTC'])
    await user.keyboard('{Enter}')
    expect(box).toHaveValue('BTC')
    expect(localStorage.getItem(EQUIVALENT_CURRENCY_KEY)).toBe('BTC')
  })
})
