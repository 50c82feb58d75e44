import { expect, test } from '@playwright/test'

import { emulateTelegramHost, newTelegramUserId, seriousViolations, seriousViolationsInBothPalettes, telegramEvents } from './helpers'

/** The app's surfaces beyond its pages, each opened by its query as the spec's modal keys are. */
const SURFACES: [string, string, RegExp][] = [
  ['install-app=true', 'Install Sandbox Casino', /home screen/],
  ['tg-news=true', 'News on Telegram', /news channel/],
  ['telegram-news=true', 'News on Telegram', /news channel/],
  ['geo-popup=BR', 'Not available in your country', /not offered in Brazil/],
]

test('the app surfaces open from their queries as named dialogs without serious violations in either palette, and close', async ({ page }) => {
  // Each screen checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  for (const [query, name, text] of SURFACES) {
    await page.goto(`/?${query}`)
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(text).first()).toBeVisible()
    await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 15_000 })
    expect({ query, violations: await seriousViolationsInBothPalettes(page) }).toEqual({ query, violations: { light: [], dark: [] } })
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await expect(dialog).toBeHidden()
    expect(new URL(page.url()).search).toBe('')
  }
})

test('the web app manifest is served for installing', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest')
  expect(response.status()).toBe(200)
  const manifest = (await response.json()) as { name: string; start_url: string; display: string }
  expect(manifest).toMatchObject({ name: 'Sandbox Casino', start_url: '/', display: 'standalone' })
})

test.describe('the app surfaces in Telegram', () => {
  test('the footer offers the home-screen icon, and the dialog asks Telegram for it', async ({ page, request }) => {
    const minted = await request.post('/sandbox/telegram/init-data', { data: { id: newTelegramUserId(), first_name: 'Ada' } })
    const { launchUrl } = (await minted.json()) as { launchUrl: string }
    await page.addInitScript(emulateTelegramHost)
    await page.goto(launchUrl)
    await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00', { timeout: 15_000 })

    // From the keyboard, as in the browser's test below: the footer moves while the page settles.
    await page.getByRole('navigation', { name: 'Information' }).getByRole('button', { name: 'Add to home screen' }).press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Install Sandbox Casino' })
    await expect(dialog).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Add to home screen' }).click()
    await expect.poll(async () => (await telegramEvents(page, 'web_app_add_to_home_screen')).length).toBe(1)
    await expect(dialog).toBeHidden()
  })
})

test.describe('the app surfaces in a browser', () => {
  test('the footer offers installing, and the dialog tells how where the browser has no prompt', async ({ page }) => {
    await page.goto('/')
    // From the keyboard: a click had to hit the button while the page below settled (the footer's own
    // links arriving, the home page's rows rendering once the click's scroll counted as the visitor's
    // first) and, in one CI run, landed where the button had been.
    await page.getByRole('navigation', { name: 'Information' }).getByRole('button', { name: 'Install the app' }).press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Install Sandbox Casino' })
    await expect(dialog).toBeVisible()
    expect(new URL(page.url()).searchParams.get('install-app')).toBe('true')
  })
})
