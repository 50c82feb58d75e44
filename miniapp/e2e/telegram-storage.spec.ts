import { expect, test } from '@playwright/test'

import { emulateTelegramHost, emulateTelegramStorage, newTelegramUserId, telegramLaunchUrl } from './helpers'

const GAME = { identity: 'lucky-sevens', name: 'Lucky Sevens' }

test("a Telegram client that wipes the app's web storage loses neither the session, the played games nor the way back to the game", async ({ page, request }) => {
  // Two launches and a game: more than one page's journey.
  test.setTimeout(90_000)
  const stores = await emulateTelegramStorage(page)
  await page.addInitScript(emulateTelegramHost)
  const id = newTelegramUserId()
  const logins: string[] = []
  page.on('request', (sent) => {
    if (sent.url().includes('/api/player/tg_login')) logins.push(new URL(sent.url()).pathname)
  })

  await page.goto(await telegramLaunchUrl(request, id, { version: '9.0' }))
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00', { timeout: 15_000 })
  await page.goto(`/game/${GAME.identity}`)
  await page.getByRole('button', { name: 'Play demo' }).click()
  const phone = page.getByRole('dialog', { name: 'Playing on a phone' })
  await phone.getByRole('button', { name: 'Got it' }).click()
  await expect(page.frameLocator(`iframe[title="${GAME.name}, the game"]`).getByText('Demo: virtual money')).toBeVisible()
  // The session in the keychain, the rest on the device.
  await expect.poll(() => stores.secure.has('sessionToken')).toBe(true)
  await expect.poll(() => [...stores.device.keys()].some((key) => key.startsWith('played-games:'))).toBe(true)

  // Telegram Desktop closes the app and wipes its storage; the player opens it again.
  await page.evaluate(() => {
    localStorage.clear()
    sessionStorage.clear()
  })
  await page.goto(await telegramLaunchUrl(request, id, { version: '9.0' }))
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00', { timeout: 15_000 })
  // The platform's own list of played games is not there to help: the page's list is the device's.
  await page.route('**/api/game/games/played**', (route) => route.fulfill({ status: 503, json: { code: 'overloaded', message: 'Busy.' } }))
  await page.goto('/recently-played')
  const main = page.getByRole('main')
  await expect(main.getByRole('list', { name: 'Recently played' }).getByRole('link', { name: GAME.name })).toBeVisible()
  await expect(main.getByRole('link', { name: `Back to game: ${GAME.name}` })).toBeVisible()
  // The restored session carried the player: the launch signed in once, before the wipe.
  expect(logins).toEqual(['/api/player/tg_login'])
})
