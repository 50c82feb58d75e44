import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'

import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
}

describe('the game page', () => {
  afterEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('shows an unknown game as the not-found page', async () => {
    renderRoute('/game/no-such-game')
    expect(await screen.findByText('Page not found: /game/no-such-game')).toBeInTheDocument()
  })

  it('refuses a path that is no game id with the validation message', async () => {
    renderRoute('/game/%3Cscript%3E')
    expect(await screen.findByText(/Page Not Found: \/game\//)).toBeInTheDocument()
  })

  it('frames the game the platform starts, sandboxed, and remembers it as the last game', async () => {
    const { user } = renderRoute('/game/lucky-sevens')
    await user.click(await screen.findByRole('button', { name: 'Play demo' }))
    const frame = await screen.findByTitle('Lucky Sevens, the game')
    expect(frame).toHaveAttribute('src', `${window.location.origin}/api/sandbox/games/test-token`)
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin')
    expect(frame.getAttribute('allow')).toContain("camera 'none'")
    expect(JSON.parse(sessionStorage.getItem('return-game') ?? 'null')).toEqual({ identity: 'lucky-sevens', name: 'Lucky Sevens', owner: 'guest' })
    expect(JSON.parse(localStorage.getItem('played-games:guest') ?? '[]')).toMatchObject([{ identity: 'lucky-sevens' }])
  })

  it('refuses a game address that is not https', async () => {
    server.use(http.post('/api/game/games/:id/play', () => HttpResponse.json({ url: 'http://games.example.com/play?t=1', token: 't' })))
    const { user } = renderRoute('/game/lucky-sevens')
    await user.click(await screen.findByRole('button', { name: 'Play demo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('its address is not secure')
    expect(screen.queryByTitle('Lucky Sevens, the game')).not.toBeInTheDocument()
  })

  it('explains a 451 with game-geo-restricted and a 409 with game-limit-reached', async () => {
    server.use(http.post('/api/game/games/:id/play', () => HttpResponse.json({ code: 'game.geo.restricted', message: 'No.' }, { status: 451 })))
    const { user, router } = renderRoute('/game/lucky-sevens')
    await user.click(await screen.findByRole('button', { name: 'Play demo' }))
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ 'game-geo-restricted': true })

    signedIn()
    server.use(
      http.post('/api/game/games/:id/play', () => HttpResponse.json({ code: 'limit.self_exclusion.active', message: 'No.' }, { status: 409 })),
    )
    const second = renderRoute('/game/lucky-sevens')
    await second.user.click(await within(second.container).findByRole('button', { name: 'Play for real' }))
    expect(await screen.findByRole('dialog', { name: 'You have reached a limit' })).toBeInTheDocument()
  })

  it('sends a guest who wants real play to sign in, and explains demo mode', async () => {
    const { user, router } = renderRoute('/game/lucky-sevens')
    await user.click(await screen.findByRole('button', { name: 'Sign in to play' }))
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ 'sign-in': true })
    })
    await user.click(screen.getByRole('button', { name: 'What is demo mode?' }))
    expect(await screen.findByRole('dialog', { name: 'Demo mode' })).toBeInTheDocument()
  })

  it('adds a favourite at once and puts it back when the platform refuses', async () => {
    signedIn()
    let calls = 0
    server.use(
      http.post('/api/game/games/:id/favorite', () => {
        calls += 1
        return HttpResponse.json({ code: 'boom', message: 'Down.' }, { status: 500 })
      }),
    )
    const { user } = renderRoute('/game/lucky-sevens')
    await user.click(await screen.findByRole('button', { name: 'Add Lucky Sevens to favourites' }))
    expect(await screen.findByText('Lucky Sevens was not added to favourites')).toBeInTheDocument()
    expect(calls).toBe(1)
    expect(screen.getByRole('button', { name: 'Add Lucky Sevens to favourites' })).toHaveAttribute('aria-pressed', 'false')
  })
})
