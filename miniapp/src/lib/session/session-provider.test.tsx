import { QueryClient, QueryClientProvider, skipToken, useQuery } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { useSession } from '@/lib/session/session-context'
import { SessionProvider } from '@/lib/session/session-provider'
import { fakeJwt } from '@/test/fake-jwt'
import { readStoredToken, storeToken } from '@/lib/session/token-storage'
import { apiRequest } from '@/lib/api-client'
import { server } from '@/test/msw/server'

const profile = { id: 7, email: 'ana@example.com', phone: null, nickname: 'ana', firstName: null, lastName: null, tgUserId: null, language: 'en', country: 'BR', locale: 'en' }
const accounts = [{ id: 1, currency: 'USD', balance: 1000, status: 1 }]
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

/** Where this test keeps what the restore loads; the app's own queries live in its features. */
const profileKey = ['test', 'profile']
const accountsKey = ['test', 'accounts']

function Status() {
  const { state } = useSession()
  const { data: player } = useQuery<typeof profile>({ queryKey: profileKey, queryFn: skipToken })
  const { data: wallet } = useQuery<typeof accounts>({ queryKey: accountsKey, queryFn: skipToken })
  // What a signed-in player sees; a guest sees none of it.
  const shown = state.status === 'loggedIn' ? { name: player?.nickname, count: wallet?.length } : {}
  return <p>{`${state.status} ${shown.name ?? '-'} ${String(shown.count ?? '-')}`}</p>
}

function renderSession(props: { onSignInRequired?: () => void } = {}) {
  const queryClient = new QueryClient()
  // What the app composes: profile and accounts together.
  const restore = () =>
    Promise.all([
      queryClient.query({ queryKey: profileKey, queryFn: () => apiRequest<typeof profile>('/player/profile') }),
      queryClient.query({
        queryKey: accountsKey,
        queryFn: () => apiRequest<{ data: typeof accounts }>('/wallet/accounts').then((response) => response.data),
      }),
    ])
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider restore={restore} {...props}>
        <Status />
      </SessionProvider>
    </QueryClientProvider>,
  )
}

describe('SessionProvider', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('restores a stored token at start-up by loading profile and accounts with it', async () => {
    const token = fakeJwt({ sub: '7', exp: inAnHour() })
    storeToken(token)
    const seen: (string | null)[] = []
    server.use(
      http.get('/api/player/profile', ({ request }) => {
        seen.push(request.headers.get('Authorization'))
        return HttpResponse.json(profile)
      }),
      http.get('/api/wallet/accounts', ({ request }) => {
        seen.push(request.headers.get('Authorization'))
        return HttpResponse.json({ data: accounts })
      }),
    )

    renderSession()

    expect(await screen.findByText('loggedIn ana 1')).toBeInTheDocument()
    expect(seen).toEqual([`Bearer ${token}`, `Bearer ${token}`])
  })

  it('treats a failed restore as logged out and drops the token', async () => {
    storeToken(fakeJwt({ exp: inAnHour() }))
    server.use(
      http.get('/api/player/profile', () => HttpResponse.json({ code: 'unauthorized', message: 'No.' }, { status: 401 })),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const onSignInRequired = vi.fn()

    renderSession({ onSignInRequired })

    expect(await screen.findByText('loggedOut - -')).toBeInTheDocument()
    expect(readStoredToken()).toBeUndefined()
  })

  it('keeps the token when the restore got no answer, so the next start signs the player back in', async () => {
    const token = fakeJwt({ exp: inAnHour() })
    storeToken(token)
    server.use(
      http.get('/api/player/profile', () => HttpResponse.error()),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)

    renderSession()

    expect(await screen.findByText('loggedOut - -')).toBeInTheDocument()
    expect(readStoredToken()).toBe(token)
  })

  it('refreshes an expiring token before a call, and asks for sign-in after a 401', async () => {
    storeToken(fakeJwt({ exp: inAnHour() }))
    server.use(
      http.get('/api/player/profile', () => HttpResponse.json(profile)),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    const onSignInRequired = vi.fn()
    renderSession({ onSignInRequired })
    await screen.findByText('loggedIn ana 1')

    const expiring = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 5 })
    const refreshed = fakeJwt({ exp: inAnHour(), v: 2 })
    storeToken(expiring)
    const seen: (string | null)[] = []
    server.use(
      http.post('/api/player/sessions/refresh', ({ request }) => {
        seen.push(`refresh ${request.headers.get('Authorization') ?? ''} ${request.headers.get('platform') ?? ''}`)
        return HttpResponse.json({ accessToken: refreshed })
      }),
      http.get('/api/game/bets', ({ request }) => {
        seen.push(`bets ${request.headers.get('Authorization') ?? ''}`)
        return HttpResponse.json({ code: 'unauthorized', message: 'No.' }, { status: 401 })
      }),
    )

    await expect(apiRequest('/game/bets')).rejects.toMatchObject({ status: 401 })

    expect(seen).toEqual([`refresh Bearer ${expiring} web`, `bets Bearer ${refreshed}`])
    await waitFor(() => {
      expect(screen.getByText('loggedOut - -')).toBeInTheDocument()
    })
    expect(onSignInRequired).toHaveBeenCalledTimes(1)
    expect(readStoredToken()).toBeUndefined()
  })
})
