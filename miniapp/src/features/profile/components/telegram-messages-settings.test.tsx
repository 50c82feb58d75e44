import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { telegramSwitchesHandlers } from '@/features/profile/testing/handlers'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const PATH = '/api/player/telegram-notifications'

function signedIn(tgUserId: number | null) {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  server.use(http.get('/api/player/profile', () => HttpResponse.json({ ...profile, tgUserId })))
}

async function telegramGroup() {
  return within(await screen.findByRole('region', { name: 'Telegram messages' }))
}

describe('the Telegram messages settings', () => {
  it('are not offered to a web player without Telegram', async () => {
    signedIn(null)
    renderRoute('/profile/settings/notifications')
    expect(await screen.findByRole('checkbox', { name: 'Offers and bonuses by e-mail' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Telegram messages' })).not.toBeInTheDocument()
  })

  it('turn a kind off and on again, each change sent as it is made', async () => {
    signedIn(4242)
    const bot = telegramSwitchesHandlers()
    server.use(...bot.handlers)
    const { user } = renderRoute('/profile/settings/notifications')
    const group = await telegramGroup()
    const deposit = await group.findByRole('checkbox', { name: 'Deposit received' })
    expect(deposit).toBeChecked()
    expect(group.getByRole('checkbox', { name: 'Every settled sport bet' })).not.toBeChecked()
    await user.click(deposit)
    expect(deposit).not.toBeChecked()
    await waitFor(() => {
      expect(bot.changes).toEqual([{ kinds: { deposit_credited: false } }])
    })
    await user.click(deposit)
    await waitFor(() => {
      expect(bot.switches.kinds.deposit_credited).toBe(true)
    })
    expect(deposit).toBeChecked()
    await user.click(group.getByRole('checkbox', { name: 'All Telegram messages' }))
    await waitFor(() => {
      expect(group.getByRole('checkbox', { name: 'Deposit received' })).toBeDisabled()
    })
    expect(bot.changes.at(-1)).toEqual({ all: false })
  })

  it('put a switch back when the change is refused', async () => {
    signedIn(4242)
    const bot = telegramSwitchesHandlers()
    server.use(
      http.put(PATH, () => HttpResponse.json({ code: 'telegram_bot_unreachable', message: 'Telegram messages cannot be reached right now. Try again later.' }, { status: 503 })),
      ...bot.handlers,
    )
    const { user } = renderRoute('/profile/settings/notifications')
    const bonus = await (await telegramGroup()).findByRole('checkbox', { name: 'Bonus awarded' })
    await user.click(bonus)
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument()
    expect(bonus).toBeChecked()
  })

  it('show a load error with a retry that loads them', async () => {
    signedIn(4242)
    const bot = telegramSwitchesHandlers()
    server.use(http.get(PATH, () => HttpResponse.json({ code: 'telegram_bot_unreachable', message: 'down' }, { status: 503 }), { once: true }), ...bot.handlers)
    const { user } = renderRoute('/profile/settings/notifications')
    const group = await telegramGroup()
    await user.click(await group.findByRole('button', { name: 'Retry' }))
    expect(await group.findByRole('checkbox', { name: 'Quest completed' })).toBeChecked()
  })

  it('are not shown where the platform has no bot to ask', async () => {
    signedIn(4242)
    server.use(http.get(PATH, () => HttpResponse.json({ code: 'telegram_bot_not_configured', message: 'Not here.' }, { status: 503 })))
    renderRoute('/profile/settings/notifications')
    expect(await screen.findByRole('checkbox', { name: 'Offers and bonuses by e-mail' })).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Telegram messages' })).not.toBeInTheDocument()
    })
  })
})
