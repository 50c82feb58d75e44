import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { storeToken } from '@/lib/session'
import { type Launch, TELEGRAM_LAUNCH_KEY } from '@/lib/launch'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const initData = 'user=%7B%22id%22%3A4242%2C%22first_name%22%3A%22Ada%22%7D&auth_date=1795310488&hash=d0dd'
const launch: Launch = { mode: 'telegram', initData, startParam: 'ref_7' }

function tgLoginAnswers(response: () => Response) {
  const sent: { body: unknown; platform: string | null }[] = []
  server.use(
    http.post('/api/player/tg_login', async ({ request }) => {
      sent.push({ body: await request.json(), platform: request.headers.get('platform') })
      return response()
    }),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
  )
  return sent
}

describe('Telegram mode', () => {
  it('signs in with no form, sending the raw init data and the referral of the start parameter', async () => {
    const sent = tgLoginAnswers(() =>
      HttpResponse.json({ accessToken: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), profile: { ...profile, tgUserId: 4242 } }),
    )
    renderRoute('/', { launch })

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(sent).toEqual([{ body: { tg_payload: initData, ref_id: '7' }, platform: 'web' }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('shows the messenger authentication error when the init data is refused', async () => {
    tgLoginAnswers(() => HttpResponse.json({ code: 'init_data_invalid', message: 'Refused.' }, { status: 401 }))
    renderRoute('/', { launch })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Telegram sign-in failed')
    expect(alert).toHaveTextContent('We could not confirm your Telegram account.')
    expect(sessionStorage.getItem('telegramLaunch')).toBeNull()
  })

  it('hides the alert on navigation to another path', async () => {
    tgLoginAnswers(() => HttpResponse.json({ code: 'init_data_invalid', message: 'Refused.' }, { status: 401 }))
    const { router } = renderRoute('/', { launch })
    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram sign-in failed')
    await screen.findByText('Lucky Sevens')

    await act(() => router.navigate({ to: '/$', params: { _splat: 'somewhere' } }))

    await waitFor(() => {
      expect(screen.queryByText('Telegram sign-in failed')).not.toBeInTheDocument()
    })
  })

  it('keeps the init data and offers another try when the sign-in is shed, then signs in with it on the player\'s try', async () => {
    sessionStorage.setItem(TELEGRAM_LAUNCH_KEY, JSON.stringify(launch))
    let reachable = false
    const sent = tgLoginAnswers(() =>
      reachable
        ? HttpResponse.json({ accessToken: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), profile: { ...profile, tgUserId: 4242 } })
        : HttpResponse.json({ code: 'overloaded', message: 'Busy.' }, { status: 503, headers: { 'Retry-After': '1' } }),
    )
    renderRoute('/', { launch })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The server could not be reached.')
    expect(alert).not.toHaveTextContent('We could not confirm your Telegram account.')
    // The spec allows no automatic retries: the one call, then the player's.
    expect(sent).toHaveLength(1)
    expect(sessionStorage.getItem(TELEGRAM_LAUNCH_KEY)).not.toBeNull()

    reachable = true
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(sent).toHaveLength(2)
    expect(sent.every((request) => (request.body as { tg_payload: string }).tg_payload === initData)).toBe(true)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('tries again on navigation when the unreachable server\'s alert is hidden by it', async () => {
    let reachable = false
    const sent = tgLoginAnswers(() =>
      reachable
        ? HttpResponse.json({ accessToken: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), profile: { ...profile, tgUserId: 4242 } })
        : HttpResponse.error(),
    )
    const { router } = renderRoute('/', { launch })
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.')
    expect(sent).toHaveLength(1)
    await screen.findByText('Lucky Sevens')

    reachable = true
    await act(() => router.navigate({ to: '/$', params: { _splat: 'somewhere' } }))
    await waitFor(() => {
      expect(sent).toHaveLength(2)
    })
    await waitFor(() => {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })
  })

  it('shows the blocked-account alert with a support link for a blocked player', async () => {
    tgLoginAnswers(() => HttpResponse.json({ code: 'player_blocked', message: 'Blocked.' }, { status: 403 }))
    renderRoute('/', { launch })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your account is blocked')
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@example.com')
  })

  it("signs a player whose stored session was refused in again through tg_login's refresh variant, and only so", async () => {
    storeToken(fakeJwt({ sub: '42', exp: Math.floor(Date.now() / 1000) + 3600 }))
    const logins = tgLoginAnswers(() => HttpResponse.json({ code: 'unexpected', message: 'Not this one.' }, { status: 500 }))
    const refreshes: unknown[] = []
    let refused = true
    server.use(
      http.get('/api/player/profile', () =>
        refused ? HttpResponse.json({ code: 'unauthorized', message: 'Session ended.' }, { status: 401 }) : HttpResponse.json({ ...profile, tgUserId: 4242 }),
      ),
      http.post('/api/player/tg_login/refresh', async ({ request }) => {
        refreshes.push(await request.json())
        refused = false
        return HttpResponse.json({ accessToken: fakeJwt({ sub: '42', exp: Math.floor(Date.now() / 1000) + 3600 }), profile: { ...profile, tgUserId: 4242 } })
      }),
    )
    renderRoute('/', { launch: { mode: 'telegram', initData, startParam: 'stag_summer' } })

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(refreshes).toEqual([{ tg_payload: initData, affiliateTag: 'summer' }])
    expect(logins).toEqual([])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("sets the profile's language to the Telegram language this launch took", async () => {
    tgLoginAnswers(() => HttpResponse.json({ accessToken: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), profile: { ...profile, tgUserId: 4242 } }))
    const changes: unknown[] = []
    server.use(
      http.put('/api/player/profile', async ({ request }) => {
        const change = (await request.json()) as Record<string, string>
        changes.push(change)
        return HttpResponse.json({ ...profile, ...change })
      }),
    )
    renderRoute('/', { launch, telegramLanguage: 'pt-br' })

    await waitFor(() => {
      expect(changes).toEqual([{ language: 'pt', locale: 'pt-br' }])
    })
  })
})
