import { expect, type Page, test } from '@playwright/test'

import { emulateTelegramHost, lastTelegramEvent, newTelegramUserId, signUpViaApi, telegramLaunchUrl, uniqueEmail } from './helpers'

/**
 * Links that open a screen (`startapp`, docs/start-params.md) in both launch modes: Telegram's start
 * parameter in the launch, a web address's `?startapp=`. And the Share action's link.
 */
const GAME = { identity: 'lucky-sevens', name: 'Lucky Sevens' }

/** Records what the page hands the browser's share sheet (`window.__shared`). */
function recordWebShares() {
  const shared: ShareData[] = []
  ;(window as unknown as { __shared: ShareData[] }).__shared = shared
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: (data: ShareData) => {
      shared.push(data)
      return Promise.resolve()
    },
  })
}

/** Opens the app in `mode` with start parameter `param`; a Telegram player is signed in by the launch. */
async function launch(page: Page, request: import('@playwright/test').APIRequestContext, mode: 'web' | 'telegram', param: string) {
  if (mode === 'web') {
    await page.goto(`/?startapp=${param}`)
    return
  }
  const launchUrl = await telegramLaunchUrl(request, newTelegramUserId())
  const login = page.waitForResponse((response) => response.url().endsWith('/api/player/tg_login') && response.status() === 200)
  await page.goto(`${launchUrl}&tgWebAppStartParam=${param}`)
  await login
}

for (const mode of ['web', 'telegram'] as const) {
  test.describe(`start parameters (${mode})`, () => {
    test('startapp=wallet opens the wallet', async ({ page, request }) => {
      if (mode === 'web') {
        await signUpViaApi(page, uniqueEmail('start-wallet'))
        await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
      }
      await launch(page, request, mode, 'wallet')

      await expect(page.getByRole('dialog', { name: 'Deposit' })).toBeVisible({ timeout: 15_000 })
      const url = new URL(page.url())
      expect(url.searchParams.get('wallet')).toBe('true')
      expect(url.searchParams.has('startapp')).toBe(false)
    })

    test('startapp=game_… opens that game, and Share gives a link that opens it', async ({ page, request }) => {
      await page.addInitScript(mode === 'web' ? recordWebShares : emulateTelegramHost)
      await launch(page, request, mode, `game_${GAME.identity}`)

      await expect(page.getByRole('heading', { name: GAME.name, level: 1 })).toBeVisible({ timeout: 15_000 })
      expect(new URL(page.url()).pathname).toBe(`/game/${GAME.identity}`)

      const share = page.getByRole('button', { name: `Share ${GAME.name}` })
      const link = await share.getAttribute('data-share-link')
      await share.click()
      if (mode === 'web') {
        // A guest's link, on this site (the e2e build names no bot).
        expect(link).toBe(new URL(`/game/${GAME.identity}`, page.url()).toString())
        await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([
          { url: link, text: `Take a look at ${GAME.name}` },
        ])
      } else {
        // The player's referral rides along; Telegram's share sheet gets the link.
        expect(link).toMatch(new RegExp(`/game/${GAME.identity}\\?ref_id=[1-9]\\d*$`))
        await expect.poll(() => lastTelegramEvent(page, 'web_app_open_tg_link')).toBeDefined()
        const opened = (await lastTelegramEvent(page, 'web_app_open_tg_link')) as { path_full: string }
        const shared = new URL(opened.path_full, 'https://t.me')
        expect(shared.pathname).toBe('/share/url')
        expect(shared.searchParams.get('url')).toBe(link)
        expect(shared.searchParams.get('text')).toBe(`Take a look at ${GAME.name}`)
      }
      // The shared link opens the game.
      await page.goto(link ?? '')
      await expect(page.getByRole('heading', { name: GAME.name, level: 1 })).toBeVisible()
    })
  })
}
