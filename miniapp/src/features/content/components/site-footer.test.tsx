import { act, fireEvent, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectNativeBridge, type NativeBridge } from '@/lib/native'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

afterEach(() => {
  connectNativeBridge(undefined)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the footer', () => {
  it('offers installing the app on the web, which opens its dialog', async () => {
    renderRoute('/')
    const information = await screen.findByRole('navigation', { name: 'Information' })
    // Without a configured channel there is no news entry.
    expect(within(information).queryByRole('button', { name: 'News on Telegram' })).not.toBeInTheDocument()
    fireEvent.click(within(information).getByRole('button', { name: 'Install the app' }))
    expect(await screen.findByRole('dialog', { name: 'Install Sandbox Casino' })).toBeInTheDocument()
  })

  it('does not offer installing when the app already runs from the home screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)', media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }))
    renderRoute('/')
    const information = await screen.findByRole('navigation', { name: 'Information' })
    expect(within(information).getByRole('link', { name: 'Support' })).toBeInTheDocument()
    expect(within(information).queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument()
  })

  it('offers the home-screen icon in a Telegram client that can add one', async () => {
    const addToHomeScreen = vi.fn(() => true)
    const bridge: NativeBridge = { haptic: vi.fn(), setBackButton: vi.fn(), setClosingConfirmation: vi.fn(), addToHomeScreen }
    // The launch's sign-in is not what this test is about: the platform turns it down.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.post('/api/player/tg_login', () => HttpResponse.json({ code: 'init_data_invalid', message: 'No.' }, { status: 401 })))
    renderRoute('/', { launch: { mode: 'telegram', initData: 'x', startParam: undefined } })
    const information = await screen.findByRole('navigation', { name: 'Information' })
    // Telegram's SDK connects after the first render: the footer follows.
    expect(within(information).queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument()
    act(() => {
      connectNativeBridge(bridge)
    })
    fireEvent.click(within(information).getByRole('button', { name: 'Add to home screen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Install Sandbox Casino' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to home screen' }))
    expect(addToHomeScreen).toHaveBeenCalledTimes(1)
  })
})
