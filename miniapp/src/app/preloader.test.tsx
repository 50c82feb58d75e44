import { createMemoryHistory } from '@tanstack/react-router'
import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { connectPreloader, holdsPreloader, PRELOADER_ID } from '@/app/preloader'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { PRELOADER_REMOVE_MS } from '@/config/constants'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const DELAY_MS = 1000

function mountPreloader() {
  const element = document.createElement('div')
  element.id = PRELOADER_ID
  document.body.append(element)
  return element
}

describe('holdsPreloader', () => {
  it('holds on the auto-login page with a state and the social callback with a code and a state', () => {
    expect(holdsPreloader({ pathname: '/auth/autologin', search: { state: 's' } })).toBe(true)
    expect(holdsPreloader({ pathname: '/auth/autologin', search: {} })).toBe(false)
    expect(holdsPreloader({ pathname: '/auth/social/google/callback', search: { code: 'c', state: 's' } })).toBe(true)
    expect(holdsPreloader({ pathname: '/auth/social/google/callback', search: { state: 's' } })).toBe(false)
    expect(holdsPreloader({ pathname: '/auth/social/google/callback', search: { code: 'c', state: '' } })).toBe(false)
    expect(holdsPreloader({ pathname: '/', search: { state: 's' } })).toBe(false)
  })
})

describe('the start-up preloader', () => {
  let preloader: HTMLElement
  beforeEach(() => {
    preloader = mountPreloader()
  })
  afterEach(() => {
    preloader.remove()
    vi.useRealTimers()
  })

  it('fades out the page preloader delay after the first page finishes, then leaves the page', async () => {
    const queryClient = createQueryClient()
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/password-reset/abc'] }))
    const stop = connectPreloader(router, DELAY_MS, 'Cargando')
    expect(preloader.getAttribute('aria-label')).toBe('Cargando')

    vi.useFakeTimers()
    await act(() => router.load())
    await vi.advanceTimersByTimeAsync(DELAY_MS - 1)
    expect(preloader.dataset.state).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(preloader.dataset.state).toBe('hiding')
    expect(preloader.getAttribute('aria-hidden')).toBe('true')
    expect(preloader.isConnected).toBe(true)
    await vi.advanceTimersByTimeAsync(PRELOADER_REMOVE_MS)
    expect(preloader.isConnected).toBe(false)
    stop()
  })

  it('stays while the auto-login page signs in, and goes when the link turns out spent', async () => {
    let answer: (() => void) | undefined
    server.use(
      http.post('/api/player/sessions/token', () => new Promise<Response>((resolve) => {
        answer = () => { resolve(HttpResponse.json({ code: 'login_token_invalid', message: 'Used.' }, { status: 401 })) }
      })),
    )
    const { router } = renderRoute('/auth/autologin?state=t0ken')
    const stop = connectPreloader(router, 0, 'Loading')
    await screen.findByText('Signing you in…')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(preloader.dataset.state).toBeUndefined()

    // The link was spent: the page shows the problem and lets the preloader go at once.
    answer?.()
    await screen.findByRole('alert')
    // The problem lets it go from an effect, which React may run just after the alert is in the page.
    await waitFor(() => {
      expect(preloader.dataset.state).toBe('hiding')
    })
    stop()
  })

  it('a page after the auto-login hides it as usual', async () => {
    const queryClient = createQueryClient()
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/auth/autologin?state=t0ken'] }))
    const stop = connectPreloader(router, 0, 'Loading')
    server.use(http.post('/api/player/sessions/token', () => new Promise<Response>(() => undefined)))
    await act(() => router.load())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(preloader.dataset.state).toBeUndefined()

    await act(() => router.navigate({ to: '/password-reset/$resetCode', params: { resetCode: 'abc' } }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(preloader.dataset.state).toBe('hiding')
    stop()
  })
})
