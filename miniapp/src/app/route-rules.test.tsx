import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import { UnknownRouteMiddlewareError } from '@/app/route-guards'
import { fakeJwt } from '@/test/fake-jwt'
import { storeToken } from '@/lib/session'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

interface Rule {
  redirect?: { to: string; status: number }
  middleware?: string[]
}

/** The platform's rules for these paths (others have none); returns the paths asked, in order. */
function rules(byPath: Record<string, Rule>): string[] {
  const asked: string[] = []
  server.use(
    http.get('/api/content/route-rules', ({ request }) => {
      const path = new URL(request.url).searchParams.get('path') ?? ''
      asked.push(path)
      const rule = byPath[path] ?? {}
      return HttpResponse.json({ path, redirect: rule.redirect ?? null, middleware: rule.middleware ?? [] })
    }),
  )
  return asked
}

function signIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
  )
}

const notFoundHeading = { level: 1, name: 'Something went wrong' } as const

describe('route rules', () => {
  it('follows an internal redirect and keeps the locale prefix', async () => {
    const asked = rules({ '/casino': { redirect: { to: '/', status: 301 } } })
    const { router } = renderRoute('/es/casino')

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(router.history.location.pathname).toBe('/es/')
    // The rule is looked up without the prefix, once for each page.
    expect(asked).toEqual(['/casino', '/'])
  })

  it('leaves for another site with a full page load instead of drawing the page', async () => {
    rules({ '/blog': { redirect: { to: 'https://blog.example.com/', status: 302 } } })
    const leaveSite = vi.fn()
    renderRoute('/blog', { leaveSite })

    await waitFor(() => {
      expect(leaveSite).toHaveBeenCalledWith('https://blog.example.com/')
    })
    expect(leaveSite).toHaveBeenCalledOnce()
    expect(screen.queryByRole('heading', notFoundHeading)).not.toBeInTheDocument()
  })

  it('treats an absolute address of this site as internal', async () => {
    rules({ '/casino': { redirect: { to: `${window.location.origin}/`, status: 301 } } })
    const leaveSite = vi.fn()
    const { router } = renderRoute('/casino', { leaveSite })

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(leaveSite).not.toHaveBeenCalled()
  })

  it('sends a guest to sign in on a page the auth guard protects', async () => {
    rules({ '/account/anything': { middleware: ['auth'] } })
    const { router } = renderRoute('/account/anything')

    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.location.search).toEqual({ 'sign-in': true })
  })

  it('lets a signed-in player through the auth guard', async () => {
    signIn()
    rules({ '/': { middleware: ['auth'] } })
    const { router } = renderRoute('/')

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('shows the error page for an unknown guard name', async () => {
    // React and the router report the error the root's error component then shows.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    rules({ '/': { middleware: ['admin'] } })
    const { router } = renderRoute('/')

    expect(await screen.findByText('Something unexpected stopped this page. Try going back to our homepage.')).toBeInTheDocument()
    expect(screen.getByText('Unknown route middleware')).toBeInTheDocument()
    expect(router.state.matches[0]?.error).toEqual(new UnknownRouteMiddlewareError())
    expect(screen.queryByText('Lucky Sevens')).not.toBeInTheDocument()
  })

  it.each([
    ['a server error', () => HttpResponse.json({ code: 'internal', message: 'Internal error.' }, { status: 500 })],
    ['a platform without the lookup', () => HttpResponse.json({ code: 'route_not_found', message: 'No.' }, { status: 404 })],
    ['no network', () => HttpResponse.error()],
  ])('shows the page without rules after %s', async (_, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.use(http.get('/api/content/route-rules', answer))
    renderRoute('/')

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(warn).toHaveBeenCalledWith('[route-rules] lookup failed; going on without rules', expect.anything())
  })

  it('does not hold the page for a slow lookup, and follows its redirect when it arrives', async () => {
    let answer: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      http.get('/api/content/route-rules', async () => {
        await arrived
        return HttpResponse.json({ path: '/casino', redirect: { to: '/', status: 301 }, middleware: [] })
      }),
    )
    const { router } = renderRoute('/es/casino')

    // The page of the path (there is no casino screen, so the error page, in Spanish) shows while the
    // lookup is still out.
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/casino')

    rules({})
    act(() => {
      answer()
    })

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.history.location.pathname).toBe('/es/')
  })

  it('drops a late answer once the player has moved on', async () => {
    let answer: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      http.get('/api/content/route-rules', async ({ request }) => {
        const path = new URL(request.url).searchParams.get('path')
        if (path !== '/casino') return HttpResponse.json({ path, redirect: null, middleware: [] })
        await arrived
        return HttpResponse.json({ path, redirect: { to: '/redirect', status: 301 }, middleware: [] })
      }),
    )
    const { router } = renderRoute('/casino')
    expect(await screen.findByRole('heading', notFoundHeading)).toBeInTheDocument()

    await act(() => router.navigate({ to: '/' }))
    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    act(() => {
      answer()
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))

    expect(router.state.location.pathname).toBe('/')
  })

  it('asks again only when the path changes, not when a modal opens', async () => {
    const asked = rules({})
    const { router } = renderRoute('/')
    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()

    await act(() => router.navigate({ to: '/', search: { 'sign-in': true } }))
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument()

    expect(asked).toEqual(['/'])
  })

  it('shows a page whose rule sends it to itself instead of looping', async () => {
    rules({ '/': { redirect: { to: '/', status: 301 } } })
    const { router } = renderRoute('/')

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('opens sign-in on the home page itself when an operator guards it', async () => {
    rules({ '/': { middleware: ['auth'] } })
    const { router } = renderRoute('/')

    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ 'sign-in': true })
  })
})
