import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { createSocialState } from '@/features/auth/social-state'
import { fakeJwt } from '@/test/fake-jwt'
import { readStoredToken } from '@/lib/session'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function socialAnswers(newlyRegistered: boolean) {
  const sent: { query: string; body: unknown }[] = []
  server.use(
    http.post('/api/player/sessions/social', async ({ request }) => {
      sent.push({ query: new URL(request.url).search, body: await request.json() })
      return HttpResponse.json({
        accessToken: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }),
        profile: { ...profile, isNewlyRegistered: newlyRegistered },
      })
    }),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
  )
  return sent
}

describe('the social sign-in callback', () => {
  it('finishes the sign-in with the code and state, returns to the back route and welcomes a new player after a second', async () => {
    const sent = socialAnswers(true)
    localStorage.setItem('affiliateTag', JSON.stringify({ tag: 'summer', expiresAt: Date.now() + 60_000 }))
    const state = createSocialState('/')
    const { router } = renderRoute(`/auth/social/google/callback?code=c0de&state=${state}`)

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(router.state.location.pathname).toBe('/')
    expect(readStoredToken()).toBeDefined()
    expect(sent).toEqual([
      {
        query: `?code=c0de&state=${state}`,
        body: { provider: 'google', affiliateTag: 'summer', redirect_domain: window.location.origin, fingerprint: 'test-visitor' },
      },
    ])
    expect(await screen.findByText('Welcome aboard!', {}, { timeout: 2000 })).toBeInTheDocument()
  })

  it('refuses a callback this tab did not start, without calling the platform', async () => {
    const sent = socialAnswers(false)
    renderRoute(`/auth/social/google/callback?code=c0de&state=${btoa('{"nonce":"x","back":"/"}')}`)

    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is not valid')
    expect(sent).toEqual([])
  })

  it('says the sign-in was cancelled when the player denied it at the provider', async () => {
    renderRoute('/auth/social/facebook/callback?error=access_denied&state=x')
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in cancelled')
  })

  it('shows a refused code with a way to sign in again', async () => {
    server.use(
      http.post('/api/player/sessions/social', () =>
        HttpResponse.json({ code: 'social_code_invalid', message: 'Not completed.' }, { status: 401 }),
      ),
    )
    const { user, router } = renderRoute(`/auth/social/apple/callback?code=used&state=${createSocialState('/')}`)

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed')
    await user.click(screen.getByRole('link', { name: 'Sign in' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ 'sign-in': true })
    })
  })
})
