import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { storeToken } from '@/lib/session'
import { connectNativeBridge } from '@/lib/native'
import { accounts, profile } from '@/test/fixtures'
import { publish, subscribedChannels } from '@/test/msw/realtime'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

function signedIn() {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
  )
}

describe('connection state', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
    connectNativeBridge(undefined)
  })

  it('shows a banner while the device is offline, and drops it when the connection is back', async () => {
    renderRoute('/')
    await screen.findByText('Lucky Sevens')

    act(() => {
      onlineManager.setOnline(false)
    })
    expect(await screen.findByText('You are offline. We will reconnect as soon as your connection is back.')).toBeInTheDocument()

    act(() => {
      onlineManager.setOnline(true)
    })
    await waitFor(() => {
      expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
    })
  })

  it('shows how many players are online from global:online once signed in', async () => {
    signedIn()
    renderRoute('/')
    await screen.findByTestId('header-balance')
    await waitFor(() => {
      expect(subscribedChannels()).toContain('global:online')
    })

    publish('global:online', { online: 1234 })

    expect(await screen.findByText('1,234 players online')).toBeInTheDocument()
  })

  it('shows a guest the online count too, over an anonymous connection', async () => {
    renderRoute('/')
    await screen.findByText('Lucky Sevens')
    await waitFor(() => {
      expect(subscribedChannels()).toEqual(['global:online'])
    })

    publish('global:online', { online: 56 })

    expect(await screen.findByText('56 players online')).toBeInTheDocument()
  })
})

describe('Telegram back button', () => {
  afterEach(() => {
    connectNativeBridge(undefined)
  })

  it('appears once there is a page to go back to, and takes the player back', async () => {
    const bridge = { haptic: vi.fn(), setBackButton: vi.fn(), setClosingConfirmation: vi.fn() }
    connectNativeBridge(bridge)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.post('/api/player/tg_login', () => HttpResponse.json({ code: 'init_data_invalid', message: 'No.' }, { status: 401 })))
    const { router } = renderRoute('/', { launch: { mode: 'telegram', initData: 'x', startParam: undefined } })
    await screen.findByText('Lucky Sevens')
    expect(bridge.setBackButton).toHaveBeenLastCalledWith(undefined)

    await act(() => router.navigate({ to: '/', search: { 'sign-in': true } }))
    await waitFor(() => {
      expect(bridge.setBackButton).toHaveBeenLastCalledWith(expect.any(Function))
    })
    const back = bridge.setBackButton.mock.lastCall?.[0] as () => void
    act(back)

    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
  })
})
