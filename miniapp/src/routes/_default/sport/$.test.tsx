import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { installFakeWidget } from '@/features/sportsbook/testing/fake-widget'
import { resetSportsbookSdk } from '@/features/sportsbook/use-sportsbook-sdk'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { renderRoute } from '@/test/render-route'

let widget: ReturnType<typeof installFakeWidget>

beforeEach(() => {
  resetSportsbookSdk()
  widget = installFakeWidget()
})

afterEach(() => {
  widget.uninstall()
  localStorage.clear()
  document.head.querySelectorAll('script').forEach((script) => { script.remove(); })
})

describe('the sport pages', () => {
  it('start the widget as a guest at the place the address names, by slugs', async () => {
    renderRoute('/sport/soccer/england/premier-league')
    await waitFor(() => { expect(widget.current()).toBeDefined(); })
    expect(widget.sdk.init).toHaveBeenCalledWith(expect.objectContaining({ integration: 'sandbox', culture: 'en-GB', token: '', themeName: 'light' }))
    expect(widget.current()).toMatchObject({ routerType: 'memory', page: 'championship', sportId: 66, categoryIds: [601], championshipIds: [20001] })
    expect(screen.getByRole('heading', { level: 1, name: 'Sport' })).toBeInTheDocument()
  })

  it('let the address follow the widget’s own moves without starting it again', async () => {
    const { router } = renderRoute('/sport/soccer')
    await waitFor(() => { expect(widget.current()).toBeDefined(); })
    act(() => widget.current()?.onRouteChange?.({ page: 'event', sportId: 66, categoryIds: [601], championshipIds: [20001], eventId: 5000001 }))
    await waitFor(() => { expect(router.state.location.pathname).toBe('/sport/soccer/england/premier-league/5000001-arsenal-vs-chelsea'); })
    act(() => widget.current()?.onRouteChange?.({ page: 'category', sportId: 66, categoryIds: [601, 602] }))
    await waitFor(() => { expect(router.state.location.pathname).toBe('/sport/soccer/england'); })
    expect(router.state.location.search).toEqual({ categoryIds: '601,602' })
    expect(widget.sdk.addSportsBook).toHaveBeenCalledTimes(1)

    // The browser's back button moves the widget: it starts again at the address's place.
    act(() => { router.history.back(); })
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'event', eventId: 5000001 }); })
    expect(widget.sdk.addSportsBook).toHaveBeenCalledTimes(2)
  })

  it('open an event by its id and then name it in full', async () => {
    const { router } = renderRoute('/sport/event/5000001')
    await waitFor(() => { expect(router.state.location.pathname).toBe('/sport/soccer/england/premier-league/5000001-arsenal-vs-chelsea'); })
    expect(widget.current()).toMatchObject({ page: 'event', eventId: 5000001 })
  })

  it('fall back to /sport for an unknown sport, category or event', async () => {
    for (const path of ['/sport/curling', '/sport/soccer/narnia', '/sport/event/999', '/sport/soccer/england/premier-league/nope']) {
      const { router, unmount } = renderRoute(path)
      await waitFor(() => { expect(router.state.location.pathname, path).toBe('/sport'); })
      await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'overview' }); })
      unmount()
    }
  })

  it('keep special pages and open sign-in for a guest’s bet, keeping the sport query', async () => {
    const { router } = renderRoute('/es/sport/soccer/inglaterra?categoryIds=601')
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'category', categoryIds: [601] }); })
    // The widget speaks the page's language once its catalogue is in (at start, or told afterwards).
    const cultures = () => [...widget.sdk.init.mock.calls, ...widget.sdk.set.mock.calls].map(([settings]) => (settings as { culture?: string }).culture)
    await waitFor(() => { expect(cultures().filter(Boolean).at(-1)).toBe('es-ES'); })
    act(() => widget.current()?.onSignInButtonClick?.())
    await waitFor(() => { expect(router.state.location.search).toEqual({ categoryIds: '601', 'sign-in': true }); })
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('give a signed-in player’s widget the token of a sportsbook session, and ask for a deposit when the balance is short', async () => {
    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    const { router } = renderRoute('/sport/live')
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'live' }); })
    expect(widget.sdk.init).toHaveBeenCalledWith(expect.objectContaining({ token: 'sportsbook-token' }))
    act(() => widget.current()?.onInsufficientBalance?.())
    await waitFor(() => { expect(router.state.location.search).toEqual({ wallet: 'deposit' }); })
  })

  it('tell the started widget when the palette changes, without starting it again', async () => {
    renderRoute('/sport/soccer')
    await waitFor(() => { expect(widget.current()).toBeDefined(); })
    const before = document.documentElement.dataset.colorMode
    try {
      act(() => {
        document.documentElement.dataset.colorMode = 'dark'
      })
      await waitFor(() => { expect(widget.sdk.set).toHaveBeenCalledWith({ themeName: 'dark' }); })
      expect(widget.sdk.init).toHaveBeenCalledTimes(1)
      expect(widget.sdk.addSportsBook).toHaveBeenCalledTimes(1)
    } finally {
      if (before === undefined) delete document.documentElement.dataset.colorMode
      else document.documentElement.dataset.colorMode = before
    }
  })

  it('say so, with a retry, when the widget’s host is down', async () => {
    widget.uninstall()
    const { user } = renderRoute('/sport/soccer')
    await waitFor(() => { expect(document.head.querySelector('script[src="/sandbox/sportsbook/wsdk.js"]')).not.toBeNull(); })
    act(() => {
      document.head.querySelector('script[src="/sandbox/sportsbook/wsdk.js"]')?.dispatchEvent(new Event('error'))
    })
    expect(await screen.findByText('The sportsbook is not available right now')).toBeInTheDocument()
    widget = installFakeWidget()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'sport', sportId: 66 }); })
  })
})
