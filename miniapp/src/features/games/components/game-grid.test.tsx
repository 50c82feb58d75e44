import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'

import { activateLocale } from '@/lib/i18n'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { catalogue, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
}

describe("a listing's tiles", () => {
  afterEach(async () => {
    localStorage.clear()
    await activateLocale('en')
  })

  it('are plain links to the game that the list opens in the app, with the locale prefix', async () => {
    const { user, router } = renderRoute('/es/games/sort-popular')
    const list = await screen.findByRole('list', { name: /./ })
    const tile = within(list).getByRole('link', { name: 'Lucky Sevens' })
    expect(tile).toHaveAttribute('href', '/es/game/lucky-sevens')
    await user.click(tile)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/game/lucky-sevens')
    })
    expect(router.history.location.pathname).toBe('/es/game/lucky-sevens')
  })

  it('follow a change of language', async () => {
    const { router } = renderRoute('/es/games/sort-popular')
    const tile = () => within(screen.getByRole('list', { name: /./ })).getByRole('link', { name: 'Lucky Sevens' })
    await screen.findByRole('list', { name: /./ })
    expect(tile()).toHaveAttribute('href', '/es/game/lucky-sevens')
    await act(async () => {
      // What the language menu does (`useSwitchLocale`).
      await activateLocale('en')
      router.history.push('/games/sort-popular')
    })
    await waitFor(() => {
      expect(tile()).toHaveAttribute('href', '/game/lucky-sevens')
    })
  })

  it('leave a click with a modifier key to the browser (a new tab), as any link does', async () => {
    const { user, router } = renderRoute('/games/sort-popular')
    const tile = within(await screen.findByRole('list', { name: /./ })).getByRole('link', { name: 'Golden Pharaoh' })
    let prevented: boolean | undefined
    tile.addEventListener('click', (event) => {
      prevented = event.defaultPrevented
      // jsdom would otherwise try to navigate the document.
      event.preventDefault()
    })
    await user.keyboard('{Control>}')
    await user.click(tile)
    await user.keyboard('{/Control}')
    expect(prevented).toBe(false)
    expect(router.state.location.pathname).toBe('/games/sort-popular')
  })

  it('share one favourites request, and a refused heart goes back with a message', async () => {
    signedIn()
    let favoriteLists = 0
    server.use(
      http.get('/api/game/games/favorites', () => {
        favoriteLists += 1
        return HttpResponse.json({ data: [catalogue.games.popular?.[1]] })
      }),
      http.post('/api/game/games/:id/favorite', () => HttpResponse.json({ code: 'internal', message: 'No.' }, { status: 500 })),
    )
    const { user } = renderRoute('/games/sort-popular')
    const pharaoh = await screen.findByRole('button', { name: 'Remove Golden Pharaoh from favourites' })
    expect(pharaoh).toHaveAttribute('aria-pressed', 'true')
    const sevens = screen.getByRole('button', { name: 'Add Lucky Sevens to favourites' })
    expect(sevens).toHaveAttribute('aria-pressed', 'false')
    expect(favoriteLists).toBe(1)

    await user.click(sevens)
    expect(await screen.findByText('Lucky Sevens was not added to favourites')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Lucky Sevens to favourites' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('button', { name: 'Remove Golden Pharaoh from favourites' })).toHaveAttribute('aria-pressed', 'true')
  })

  it("ask a guest's heart to sign in", async () => {
    const { user, router } = renderRoute('/games/sort-popular')
    await user.click(await screen.findByRole('button', { name: 'Add Lucky Sevens to favourites' }))
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ 'sign-in': true })
    })
  })
})
