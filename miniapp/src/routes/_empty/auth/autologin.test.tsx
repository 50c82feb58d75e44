import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

describe('auto-login', () => {
  it('signs in with the token of the link and goes home', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('/api/player/sessions/token', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ accessToken: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), profile })
      }),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    const { router } = renderRoute('/auth/autologin?state=t0ken')

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(router.state.location.pathname).toBe('/')
    expect(sent).toEqual([{ token: 't0ken', fingerprint: 'test-visitor' }])
  })

  it('explains a spent link', async () => {
    server.use(
      http.post('/api/player/sessions/token', () =>
        HttpResponse.json({ code: 'login_token_invalid', message: 'Used.' }, { status: 401 }),
      ),
    )
    renderRoute('/auth/autologin?state=used')
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link has expired')
  })

  it('goes home without a token', async () => {
    const { router } = renderRoute('/auth/autologin')
    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
