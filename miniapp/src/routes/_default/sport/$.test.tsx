import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { eventInfoQueryOptions } from '@/features/sportsbook/api/get-event-info'
import { installFakeWidget } from '@/features/sportsbook/testing/fake-widget'
import { resetRobotToken } from '@/features/sportsbook/sportsbook-captcha'
import { resetSportsbookSdk } from '@/features/sportsbook/use-sportsbook-sdk'
import type { Grecaptcha } from '@/lib/captcha'
import { connectMainButton, type MainButtonState, pressMainButton } from '@/lib/main-button'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { renderRoute } from '@/test/render-route'

let widget: ReturnType<typeof installFakeWidget>

beforeEach(() => {
  resetSportsbookSdk()
  resetRobotToken()
  widget = installFakeWidget()
})

afterEach(() => {
  connectMainButton(undefined)
  widget.uninstall()
  localStorage.clear()
  document.head.querySelectorAll('script').forEach((script) => { script.remove(); })
})

describe('the sport pages', () => {
  it('start the widget as a guest at the place the address names, by slugs', async () => {
    renderRoute('/sport/soccer/england/premier-league')
    await waitFor(() => { expect(widget.current()).toBeDefined(); })
    expect(widget.sdk.init).toHaveBeenCalledWith(expect.objectContaining({ integration: 'sandbox', culture: 'en-GB', token: '', themeName: 'light', robotCheck: false }))
    // Spec section 9's date formats, by the widget's names.
    expect(widget.sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dateFormat: { time: 'HH:mm', day: 'DD', date: 'DD.MM.YY', dateTime: 'DD.MM.YY, HH:mm', dayMonth: 'DD.MM', dayMonthTime: 'DD.MM HH:mm' },
      }),
    )
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

  it('move the widget back when Back comes before the address of its move was shown', async () => {
    const { router } = renderRoute('/sport/soccer/england/premier-league')
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'championship', championshipIds: [20001] }); })
    await waitFor(() => { expect(router.state.status).toBe('idle'); })
    // Back as soon as the move's address is in the history: the router never shows that address.
    const pressBack = router.history.subscribe(({ action }) => {
      if (action.type !== 'PUSH') return
      pressBack()
      router.history.back()
    })
    act(() => widget.current()?.onRouteChange?.({ page: 'event', sportId: 66, categoryIds: [601], championshipIds: [20001], eventId: 5000001 }))
    await waitFor(() => { expect(widget.sdk.addSportsBook).toHaveBeenCalledTimes(2); })
    expect(widget.current()).toMatchObject({ page: 'championship', championshipIds: [20001] })
    expect(router.state.location.pathname).toBe('/sport/soccer/england/premier-league')
  })

  it('drop a move whose address is still looked up when Back starts the widget again', async () => {
    const { router, queryClient } = renderRoute('/sport/soccer')
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'sport', sportId: 66 }); })
    act(() => widget.current()?.onRouteChange?.({ page: 'championship', sportId: 66, categoryIds: [601], championshipIds: [20001] }))
    await waitFor(() => { expect(router.state.location.pathname).toBe('/sport/soccer/england/premier-league'); })
    // The event's address needs its information, which is not here yet; Back comes meanwhile.
    const moving = widget.current()
    act(() => {
      moving?.onRouteChange?.({ page: 'event', sportId: 66, categoryIds: [601], championshipIds: [20001], eventId: 5000001 })
      router.history.back()
    })
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'sport', sportId: 66 }); })
    await waitFor(() => { expect(queryClient.getQueryState(eventInfoQueryOptions(5000001).queryKey)?.status).toBe('success'); })
    await waitFor(() => { expect(router.state.status).toBe('idle'); })
    expect(router.history.location.pathname).toBe('/sport/soccer')
    expect(widget.sdk.addSportsBook).toHaveBeenCalledTimes(2)
  })

  it('let the address follow the widget’s last move when an earlier one’s address is still looked up', async () => {
    const { router, queryClient } = renderRoute('/sport/soccer')
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'sport', sportId: 66 }); })
    act(() => {
      widget.current()?.onRouteChange?.({ page: 'event', sportId: 66, categoryIds: [601], championshipIds: [20001], eventId: 5000001 })
      widget.current()?.onRouteChange?.({ page: 'live' })
    })
    await waitFor(() => { expect(router.state.location.pathname).toBe('/sport/live'); })
    await waitFor(() => { expect(queryClient.getQueryState(eventInfoQueryOptions(5000001).queryKey)?.status).toBe('success'); })
    await waitFor(() => { expect(router.state.status).toBe('idle'); })
    expect(router.history.location.pathname).toBe('/sport/live')
    expect(widget.sdk.addSportsBook).toHaveBeenCalledTimes(1)
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
    // One id stays a number in the router's search, so the address writes it bare.
    await waitFor(() => { expect(router.state.location.search).toEqual({ categoryIds: 601, 'sign-in': true }); })
    expect(router.state.location.href).toBe('/sport/soccer/inglaterra?categoryIds=601&sign-in=true')
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('start a signed-in player’s session once the robot check is ticked, give the widget its token, and ask for a deposit when the balance is short', async () => {
    // The configured captcha here is the v2 checkbox (the sandbox's): a fake `grecaptcha` draws it.
    const ticks: ((token: string) => void)[] = []
    const fakeCaptcha = window as unknown as { grecaptcha?: Grecaptcha }
    fakeCaptcha.grecaptcha = {
      render: (_host, params) => ticks.push(params.callback),
      reset: vi.fn(),
      ready: (callback) => { callback() },
    }
    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    const { router } = renderRoute('/sport/live')
    // Meanwhile the widget shows the book without a token, its bet button asks for the check (not a
    // sign-in), and that prompt points at the check.
    await waitFor(() => { expect(widget.current()).toMatchObject({ page: 'live' }); })
    expect(widget.sdk.init).toHaveBeenCalledWith(expect.objectContaining({ token: '', robotCheck: true }))
    const check = await screen.findByRole('region', { name: 'Confirm you are not a robot to bet' })
    act(() => widget.current()?.onSignInButtonClick?.())
    expect(check).toHaveFocus()
    expect(router.state.location.search).toEqual({})

    await waitFor(() => { expect(ticks).toHaveLength(1); })
    act(() => { ticks[0]?.('sandbox.fail.v2.a') })
    expect(await screen.findByText('The robot check did not pass. Tick the box again.')).toBeInTheDocument()
    act(() => { ticks[0]?.('sandbox.pass.v2.b') })
    await waitFor(() => { expect(widget.sdk.set).toHaveBeenCalledWith({ token: 'sportsbook-token', robotCheck: false }); })
    expect(screen.queryByRole('region', { name: 'Confirm you are not a robot to bet' })).toBeNull()
    delete fakeCaptcha.grecaptcha
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

  it('put “Sign in” for a guest and “Deposit” for a player on Telegram’s Main Button, hidden once the page goes', async () => {
    const draws: (MainButtonState | undefined)[] = []
    connectMainButton({ draw: (state) => draws.push(state) })
    const guest = renderRoute('/sport/soccer')
    await waitFor(() => { expect(draws.at(-1)).toEqual({ text: 'Sign in', enabled: true, progress: false }); })
    act(() => { pressMainButton(); })
    await waitFor(() => { expect(guest.router.state.location.search).toEqual({ 'sign-in': true }); })
    guest.unmount()
    expect(draws.at(-1)).toBeUndefined()

    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    const player = renderRoute('/sport/live')
    await waitFor(() => { expect(draws.at(-1)).toEqual({ text: 'Deposit', enabled: true, progress: false }); })
    act(() => { pressMainButton(); })
    await waitFor(() => { expect(player.router.state.location.search).toEqual({ wallet: 'deposit' }); })
    player.unmount()
    expect(draws.at(-1)).toBeUndefined()
  })

  it('show the catalogue’s sports as cards linking to their pages on /sport, and a sport’s backdrop on its pages', async () => {
    renderRoute('/sport')
    const sports = await screen.findByRole('region', { name: 'Sports' })
    const soccer = within(sports).getByRole('link', { name: 'Soccer' })
    expect(soccer).toHaveAttribute('href', '/sport/soccer')
    expect(soccer.getAttribute('style')).toContain('/api/sandbox/images/sports/soccer/card-background.jpg')
    expect(within(sports).getAllByRole('link')).toHaveLength(7)
    expect(screen.queryByTestId('sport-backdrop')).toBeNull()
  })

  it('ask the top events carousel for 15 events with image type 2, and live now for 7', async () => {
    renderRoute('/sport')
    await waitFor(() => { expect(widget.sdk.addWidget).toHaveBeenCalledTimes(2); })
    expect(widget.sdk.addWidget).toHaveBeenCalledWith(expect.objectContaining({ widget: 'WTopEventsCarousel', props: expect.objectContaining({ maxEvents: 15, imageType: 2 }) as unknown }))
    expect(widget.sdk.addWidget).toHaveBeenCalledWith(expect.objectContaining({ widget: 'WLiveNowCarousel', props: expect.objectContaining({ maxEvents: 7 }) as unknown }))
  })

  it('put the sport’s widget background above the widget on its pages', async () => {
    renderRoute('/sport/esports')
    const backdrop = await screen.findByTestId('sport-backdrop')
    expect(backdrop.getAttribute('style')).toContain('/api/sandbox/images/sports/esports/widget-background.jpg')
    expect(backdrop).toHaveAttribute('aria-hidden', 'true')
  })
})
