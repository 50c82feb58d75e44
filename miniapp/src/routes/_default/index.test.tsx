import { act, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import { collection, game, page } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

describe('home page', () => {
  it('shows every visible collection as a carousel of its games', async () => {
    renderRoute('/')

    const popular = await screen.findByRole('region', { name: 'Popular' })
    expect(await within(popular).findByText('Lucky Sevens')).toBeInTheDocument()
    expect(within(popular).getByText('Golden Pharaoh')).toBeInTheDocument()
    const fresh = screen.getByRole('region', { name: 'New' })
    expect(await within(fresh).findByText('Neon Drift')).toBeInTheDocument()

    const tile = within(popular).getByRole('list', { name: 'Popular games' }).querySelector('img')
    // Without IntersectionObserver (this DOM) every tile counts as near its lazy-load margin and shows its artwork.
    expect(tile).toHaveAttribute('src', '/api/sandbox/images/games/lucky-sevens/3x4/1x.jpg')
    expect(tile?.getAttribute('srcset')).toBe(
      '/api/sandbox/images/games/lucky-sevens/3x4/1x.jpg 1x, /api/sandbox/images/games/lucky-sevens/3x4/2x.jpg 2x, /api/sandbox/images/games/lucky-sevens/3x4/3x.jpg 3x',
    )
  })

  it('never shows a hidden collection', async () => {
    renderRoute('/')

    await screen.findByRole('region', { name: 'Popular' })
    expect(screen.queryByRole('region', { name: 'Staff Picks' })).not.toBeInTheDocument()
    expect(screen.queryByText('Secret Vault')).not.toBeInTheDocument()
  })

  it('shows an error with a Retry that loads the page once the server recovers', async () => {
    // React and the router report the error the route's error component then shows.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    let failing = true
    server.use(
      http.get('/api/game/collections', () =>
        failing
          ? HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })
          : HttpResponse.json({ data: [collection('popular', 'Popular')] }),
      ),
    )
    const { user } = renderRoute('/')

    expect(await screen.findByRole('alert')).toHaveTextContent('Games did not load')
    expect(screen.queryByRole('region', { name: 'Popular' })).not.toBeInTheDocument()

    failing = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('lets a collection whose games failed retry on its own', async () => {
    let failing = true
    server.use(
      http.get('/api/game/games', ({ request }) => {
        const identity = new URL(request.url).searchParams.get('collection')
        if (identity === 'new' && failing) {
          return HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })
        }
        return HttpResponse.json(page(identity === 'new' ? [game(201, 'Neon Drift')] : [game(101, 'Lucky Sevens')]))
      }),
    )
    const { user } = renderRoute('/')

    const fresh = await screen.findByRole('region', { name: 'New' })
    expect(await within(fresh).findByRole('alert')).toHaveTextContent('did not load')
    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()

    failing = false
    await user.click(within(fresh).getByRole('button', { name: 'Retry' }))

    expect(await within(fresh).findByText('Neon Drift')).toBeInTheDocument()
  })

  it('shows an empty state with a next step when there is nothing to show', async () => {
    server.use(
      http.get('/api/game/collections', () =>
        HttpResponse.json({ data: [collection('staff-picks', 'Staff Picks', { isHidden: true })] }),
      ),
    )
    renderRoute('/')

    expect(await screen.findByText('No games to show yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: /games$/ })).not.toBeInTheDocument()
  })

  it('has the header, the navigation (bottom on phones, the drawer on desktops) and Home as the current page', async () => {
    renderRoute('/')

    // jsdom applies no media queries, so both are in its tree; a browser shows one of them.
    const navigations = await screen.findAllByRole('navigation', { name: 'Main' })
    expect(navigations).toHaveLength(2)
    for (const navigation of navigations) {
      expect(within(navigation).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
      expect(within(navigation).getByRole('link', { name: 'Casino' })).toHaveAttribute('href', '/games')
      expect(within(navigation).getByRole('link', { name: 'Sport' })).toHaveAttribute('href', '/sport')
    }
    expect(screen.getByRole('banner')).toHaveTextContent('Sandbox Casino')
  })

  it('renders collections below the first screen only as they near the viewport', async () => {
    // An observer that reports only when the test says the page scrolled.
    const observers: { callback: IntersectionObserverCallback }[] = []
    const observed: Element[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(public callback: IntersectionObserverCallback) {
          observers.push(this)
        }
        observe(element: Element) {
          observed.push(element)
        }
        unobserve(element: Element) {
          const at = observed.indexOf(element)
          if (at >= 0) observed.splice(at, 1)
        }
        disconnect() {
          observed.length = 0
        }
      },
    )
    const requested: string[] = []
    server.use(
      http.get('/api/game/collections', () =>
        HttpResponse.json({
          data: [collection('popular', 'Popular'), collection('new', 'New'), collection('live', 'Live Casino')],
        }),
      ),
      http.get('/api/game/games', ({ request }) => {
        requested.push(new URL(request.url).searchParams.get('collection') ?? '')
        return HttpResponse.json(page([game(requested.length, `Game ${requested.length}`)]))
      }),
    )
    try {
      renderRoute('/')
      await screen.findByRole('region', { name: 'New' })
      expect(screen.queryByRole('region', { name: 'Live Casino' })).not.toBeInTheDocument()
      expect(requested).not.toContain('live')
      // The feed watches one place below its rows, the sport carousels their own below it, and the
      // footer's online count its own (tiles watch their artwork boxes too).
      expect(observed.filter((element) => !element.closest('figure'))).toHaveLength(3)

      act(() => {
        for (const observer of observers) {
          observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)
        }
      })
      expect(await screen.findByRole('region', { name: 'Live Casino' })).toBeInTheDocument()
      expect(requested).toContain('live')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
