import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectNativeBridge, type NativeBridge } from '@/lib/native'
import { renderRoute } from '@/test/render-route'

vi.mock('@/config/env', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/config/env')>()
  return { ...actual, env: { ...actual.env, VITE_TELEGRAM_NEWS_URL: 'https://t.me/sandbox_casino_news' } }
})

afterEach(() => {
  connectNativeBridge(undefined)
})

describe('the news dialogs with a channel configured', () => {
  it('link the channel in a new tab on the web', async () => {
    renderRoute('/?telegram-news=true')
    const dialog = await screen.findByRole('dialog', { name: 'News on Telegram' })
    const link = within(dialog).getByRole('link', { name: 'Open the channel' })
    expect(link).toHaveAttribute('href', 'https://t.me/sandbox_casino_news')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('open the channel inside Telegram in the mini app, without leaving it', async () => {
    const openTelegramLink = vi.fn(() => true)
    const bridge: NativeBridge = { haptic: vi.fn(), setBackButton: vi.fn(), setClosingConfirmation: vi.fn(), openTelegramLink }
    connectNativeBridge(bridge)
    renderRoute('/?tg-news=true')
    const dialog = await screen.findByRole('dialog', { name: 'News on Telegram' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    fireEvent(within(dialog).getByRole('link', { name: 'Open the channel' }), click)
    expect(openTelegramLink).toHaveBeenCalledWith('https://t.me/sandbox_casino_news')
    expect(click.defaultPrevented).toBe(true)
  })
})
