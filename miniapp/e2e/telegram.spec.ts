import { expect, test } from '@playwright/test'

import { newTelegramUserId } from './helpers'

/** Init data for a test user, signed by the auth service with the sandbox bot token. */
async function mintLaunch(request: import('@playwright/test').APIRequestContext, id: number) {
  const response = await request.post('/sandbox/telegram/init-data', { data: { id, first_name: 'Ada' } })
  expect(response.status()).toBe(200)
  return (await response.json()) as { initData: string; launchUrl: string }
}

test('a Telegram launch signs in with no form and shows the balance', async ({ page, request }) => {
  const { launchUrl } = await mintLaunch(request, newTelegramUserId())
  const tgLogins: unknown[] = []
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/player/tg_login')) tgLogins.push(sent.postDataJSON())
  })

  await page.goto(launchUrl)

  const header = page.getByRole('banner')
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(header.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
  expect(tgLogins).toHaveLength(1)
  // The home page loaded beside the sign-in, and Telegram's theme parameters (the launch's) drive the palette.
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-bg').trim())).toBe('#17212b')
})

test('a launch straight into a signed-in page waits for the Telegram sign-in and shows that page', async ({ page, request }) => {
  const { launchUrl } = await mintLaunch(request, newTelegramUserId())
  // The launch URL is relative (`/#tgWebAppData=...`): keep its hash, change its path.
  const hash = launchUrl.slice(launchUrl.indexOf('#'))

  // A link into the wallet (an inline button, a deep link): the page is for signed-in players only.
  await page.goto(`/wallet${hash}`)

  await expect(page.getByRole('main').getByText('No payments are waiting.')).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/wallet(#|$)/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a refused launch into a signed-in page says why and what the page needs', async ({ page, request }) => {
  const id = newTelegramUserId()
  const { initData } = await mintLaunch(request, id)
  const tampered = initData.replace(`%22id%22%3A${String(id)}`, `%22id%22%3A${String(id + 1)}`)

  await page.goto(`/wallet#tgWebAppData=${encodeURIComponent(tampered)}&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop`)

  await expect(page.getByRole('alert').filter({ hasText: 'Telegram sign-in failed' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('Sign in to see this page')).toBeVisible()
  await expect(main.getByText('Close the app and open it again from the bot to sign in.')).toBeVisible()
  await expect(page).toHaveURL(/\/wallet(#|$)/)
})

test('a launch with tampered init data shows the messenger authentication error', async ({ page, request }) => {
  const id = newTelegramUserId()
  const { initData } = await mintLaunch(request, id)
  const tampered = initData.replace(`%22id%22%3A${String(id)}`, `%22id%22%3A${String(id + 1)}`)
  expect(tampered).not.toBe(initData)

  await page.goto(`/#tgWebAppData=${encodeURIComponent(tampered)}&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop`)

  const alert = page.getByRole('alert').filter({ hasText: 'Telegram sign-in failed' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('We could not confirm your Telegram account.')
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveCount(0)
})

test("the first frame of a launch is already in Telegram's colours, before any of the app's code runs", async ({ page, request }) => {
  const { launchUrl } = await mintLaunch(request, newTelegramUserId())
  // The launch's theme is dark (#17212b); this device prefers light, which must not win inside Telegram.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto(launchUrl)

  const palette = await page.evaluate(() => ({
    mode: document.documentElement.dataset.colorMode,
    background: getComputedStyle(document.documentElement).getPropertyValue('--app-bg').trim(),
    page: getComputedStyle(document.documentElement).backgroundColor,
  }))
  expect(palette).toEqual({ mode: 'dark', background: '#17212b', page: 'rgb(23, 33, 43)' })
})

test("a messenger player whose session the platform refused is signed in again through tg_login's refresh variant", async ({ page, request }) => {
  const { launchUrl } = await mintLaunch(request, newTelegramUserId())
  const login = page.waitForResponse((response) => response.url().endsWith('/api/player/tg_login') && response.status() === 200)
  await page.goto(launchUrl)
  const { accessToken } = (await (await login).json()) as { accessToken: string }
  const header = page.getByRole('banner')
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')

  // The session ends on the platform's side (closed from another device) while the app is closed, so
  // that the open page's own polls cannot meet the refusal first: its token is refused from now on.
  await page.goto('about:blank')
  expect((await request.post('/api/player/sessions/logout', { headers: { Authorization: `Bearer ${accessToken}` } })).status()).toBeLessThan(300)
  const relogin = page.waitForResponse((response) => response.url().endsWith('/api/player/tg_login/refresh'))
  await page.goto(launchUrl)

  const answer = await relogin
  expect(answer.status()).toBe(200)
  expect(Object.keys(answer.request().postDataJSON() as object)).toEqual(['tg_payload'])
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(header.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
})
