import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { botApiCalls, E2E_BOT_USERNAME } from './fake-bot-api'
import { channelSubscribed, closeDepositSuccess, emulateTelegramHost, enterAsNewPlayer, lastTelegramEvent, newTelegramUserId, paidDeposit, telegramEvents } from './helpers'

/**
 * The bot as the player's channel, with the stack's in-process bot against the fake Bot API
 * (`fake-bot-api.ts`): the Telegram message switches and the opt-in round-trip through the platform to
 * the bot, in both launch modes, and the referral page shares the card the bot prepared.
 */

const SWITCHES = '/api/player/telegram-notifications'

// Each test launches the app two or three times, each signing in through the platform and the bot.
test.describe.configure({ timeout: 90_000 })

interface Switches {
  all: boolean
  kinds: Record<string, boolean>
  writeAccess: boolean
}

/** A Telegram launch of user `id` straight into `path` (Bot API `version`); answers the session token. */
async function launchInTelegram(page: Page, request: APIRequestContext, id: number, path: string, { version = '8.0', startParam = '', allowsWriteToPm = true } = {}): Promise<string> {
  const minted = await request.post('/sandbox/telegram/init-data', { data: { id, first_name: 'Ada', start_param: startParam, allows_write_to_pm: allowsWriteToPm } })
  expect(minted.status()).toBe(200)
  const { launchUrl } = (await minted.json()) as { launchUrl: string }
  const hash = launchUrl.slice(launchUrl.indexOf('#')).replace(/tgWebAppVersion=[^&]*/, `tgWebAppVersion=${version}`)
  await page.addInitScript(emulateTelegramHost)
  const login = page.waitForResponse((response) => response.url().endsWith('/api/player/tg_login') && response.status() === 200)
  await page.goto(`${path}${hash}`)
  const { accessToken } = (await (await login).json()) as { accessToken: string }
  await dismissCookies(page)
  return accessToken
}

/** The first visit's cookie notice sits over the bottom of the page. */
async function dismissCookies(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Necessary only' }).click()
}

async function switches(request: APIRequestContext, token: string): Promise<Switches> {
  const response = await request.get(SWITCHES, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status()).toBe(200)
  return (await response.json()) as Switches
}

test('a Telegram player’s switches and write access reach the bot, and the web app shows the same', async ({ page, request, browser }) => {
  const token = await launchInTelegram(page, request, newTelegramUserId(), '/profile/settings/notifications')
  const group = page.getByRole('region', { name: 'Telegram messages' })
  await expect(group.getByRole('checkbox', { name: 'All Telegram messages' })).toBeChecked()
  // The launch said the player lets the bot write to them: the bot now knows it.
  await expect.poll(async () => (await switches(request, token)).writeAccess).toBe(true)

  const betWon = group.getByRole('checkbox', { name: 'Sport bet won' })
  await expect(betWon).toBeChecked()
  const saved = page.waitForResponse((response) => response.url().endsWith(SWITCHES) && response.request().method() === 'PUT')
  await betWon.click()
  expect((await saved).status()).toBe(200)
  expect((await switches(request, token)).kinds.sport_bet_won).toBe(false)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Telegram messages' }).getByRole('checkbox', { name: 'Sport bet won' })).not.toBeChecked()

  // The same player in a browser: the switches are the bot's, not the device's.
  const web = await browser.newPage()
  await web.addInitScript((stored) => {
    localStorage.setItem('sessionToken', stored)
  }, JSON.stringify({ token, expiresAt: Date.now() + 86_400_000 }))
  await web.goto('/profile/settings/notifications')
  await dismissCookies(web)
  const webGroup = web.getByRole('region', { name: 'Telegram messages' })
  await expect(webGroup.getByRole('checkbox', { name: 'Sport bet won' })).not.toBeChecked()
  await webGroup.getByRole('checkbox', { name: 'All Telegram messages' }).click()
  await expect(webGroup.getByRole('checkbox', { name: 'All Telegram messages' })).not.toBeChecked()
  await expect.poll(async () => (await switches(request, token)).all).toBe(false)
  await web.close()
})

test('a Telegram player whose launch keeps the bot out is asked once, when the first deposit arrives, and the bot learns the answer', async ({ page, request }) => {
  // The hub keeps no history: the deposits are paid once the page listens for them.
  const invoices = channelSubscribed(page, 'payment:invoices#')
  const token = await launchInTelegram(page, request, newTelegramUserId(), '/', { allowsWriteToPm: false })
  const balance = page.getByRole('banner').getByTestId('header-balance')
  await expect(balance).toHaveText('$0.00')
  await invoices
  expect((await switches(request, token)).writeAccess).toBe(false)
  expect(await telegramEvents(page, 'web_app_request_write_access')).toHaveLength(0)

  for (const [paid, total] of [
    [2500, '$25.00'],
    [1000, '$35.00'],
  ] as const) {
    await paidDeposit(request, token, paid)
    await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
    await expect(balance).toHaveText(total)
    await expect.poll(async () => (await switches(request, token)).writeAccess).toBe(true)
    await closeDepositSuccess(page)
  }
  // Asked at the first deposit only.
  expect(await telegramEvents(page, 'web_app_request_write_access')).toHaveLength(1)
})

test('a web player without Telegram sees no Telegram messages and the platform says why', async ({ page, request, baseURL }) => {
  const token = await enterAsNewPlayer(page, request, 'web', baseURL ?? '', 'bot-switches')
  await page.goto('/profile/settings/notifications')
  await expect(page.getByRole('checkbox', { name: 'Offers and bonuses by e-mail' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Telegram messages' })).toHaveCount(0)
  const response = await request.get(SWITCHES, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status()).toBe(409)
  expect(((await response.json()) as { code: string }).code).toBe('telegram_not_linked')
})

test('in Telegram the referral page shares the card the bot prepared, and a friend who opens it is invited', async ({ page, request, browser }) => {
  const sharer = newTelegramUserId()
  const token = await launchInTelegram(page, request, sharer, '/referral')
  const programme = await request.get('/api/referral', { headers: { authorization: `Bearer ${token}` } })
  const { startParam } = (await programme.json()) as { startParam: string }

  await page.getByRole('button', { name: 'Invite friends' }).click()
  await expect.poll(() => lastTelegramEvent(page, 'web_app_send_prepared_message')).toBeDefined()
  const shared = await lastTelegramEvent(page, 'web_app_send_prepared_message')
  const prepared = (await botApiCalls('savePreparedInlineMessage')).filter((call) => call.body.user_id === sharer)
  expect(prepared).toHaveLength(1)
  expect(shared).toEqual({ id: (prepared[0]?.result as { id: string }).id })
  const card = prepared[0]?.body.result as { reply_markup: { inline_keyboard: { url: string }[][] } }
  const link = card.reply_markup.inline_keyboard[0]?.[0]?.url ?? ''
  expect(link).toBe(`https://t.me/${E2E_BOT_USERNAME}?startapp=${startParam}`)

  // The friend taps the card's button: Telegram launches the Mini App with its start parameter.
  const friend = await browser.newPage()
  await launchInTelegram(friend, request, newTelegramUserId(), '/', { startParam: new URL(link).searchParams.get('startapp') ?? '' })
  await friend.close()
  await expect
    .poll(async () => {
      const answer = await request.get('/api/referral', { headers: { authorization: `Bearer ${token}` } })
      return ((await answer.json()) as { referrals: unknown[] }).referrals.length
    })
    .toBe(1)
})

test('on a Telegram that cannot share prepared messages the referral page shares the link', async ({ page, request }) => {
  const sharer = newTelegramUserId()
  await launchInTelegram(page, request, sharer, '/referral', { version: '7.10' })
  await page.getByRole('button', { name: 'Invite friends' }).click()
  await expect.poll(() => lastTelegramEvent(page, 'web_app_open_tg_link')).toBeDefined()
  const opened = await lastTelegramEvent(page, 'web_app_open_tg_link')
  expect(String(opened?.path_full)).toMatch(/^\/share\/url\?url=.*ref_id%3D\d+/)
  expect(await lastTelegramEvent(page, 'web_app_send_prepared_message')).toBeUndefined()
  expect((await botApiCalls('savePreparedInlineMessage')).filter((call) => call.body.user_id === sharer)).toHaveLength(0)
})
