import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import { readStoredToken, storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

// An operator's build with the profile-confirmed feature off.
vi.mock('@/config/features', () => ({
  features: { authorization: true, profileConfirmed: false, quests: true, loyalty: true },
}))

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    http.post('/api/player/sessions/logout', () => new HttpResponse(null, { status: 204 })),
  )
}

describe('the app’s own questions with the profile-confirmed feature off', () => {
  it('still asks before signing out, and the answer signs the player out', async () => {
    signedIn()
    const { user } = renderRoute('/')
    await screen.findByTestId('header-balance')

    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'ana' })).getByRole('button', { name: 'Sign out' }))
    const question = await screen.findByRole('dialog', { name: 'Sign out?' })
    await user.click(within(question).getByRole('button', { name: 'Sign out' }))

    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(readStoredToken()).toBeUndefined()
  })

  it('still refuses a `confirm` key that names no question of this page', async () => {
    signedIn()
    const { router } = renderRoute('/?confirm=true')
    await screen.findByTestId('header-balance')
    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
