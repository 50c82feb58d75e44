import { expect, test } from '@playwright/test'

import { newTelegramUserId, telegramLaunchUrl } from './helpers'

test.describe('a Telegram player', () => {
  test("opens the app in their Telegram language, and their profile's language is set to it", async ({ page, request }) => {
    const id = newTelegramUserId()
    // Signed up elsewhere in English: the profile starts in it.
    const first = await request.post('/api/player/tg_login', { data: { tg_payload: await initDataOf(request, id, 'en') } })
    expect(first.status()).toBe(200)

    const login = page.waitForResponse((response) => response.url().endsWith('/api/player/tg_login') && response.status() === 200)
    await page.goto(await telegramLaunchUrl(request, id, { language: 'ru' }))
    const { accessToken } = (await (await login).json()) as { accessToken: string }

    await expect(page).toHaveURL(/\/ru\/(#|$)/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await expect(page.getByRole('combobox', { name: 'Язык' })).toHaveValue('ru')
    await expect
      .poll(async () => {
        const profile = await request.get('/api/player/profile', { headers: { Authorization: `Bearer ${accessToken}` } })
        return ((await profile.json()) as { language: string; locale: string })
      })
      .toMatchObject({ language: 'ru', locale: 'ru' })

    // Their own choice wins from now on, over Telegram's language.
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('es')
    await expect(page).toHaveURL(/\/es\/(#|$)/)
    await page.goto(await telegramLaunchUrl(request, id, { language: 'ru' }))
    await expect(page).toHaveURL(/\/es\/(#|$)/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })
})

test.describe('a browser preferring Spanish', () => {
  test.use({ locale: 'es-ES' })

  test('gets the Spanish address on its first visit, and the address it asks for after that', async ({ page }) => {
    await page.goto('/games')
    await expect(page).toHaveURL(/\/es\/games$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')

    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveURL(/\/$/)
  })
})

/** Init data alone (no launch): what `tg_login` takes. */
async function initDataOf(request: import('@playwright/test').APIRequestContext, id: number, language: string): Promise<string> {
  const minted = await request.post('/sandbox/telegram/init-data', { data: { id, first_name: 'Ada', language_code: language } })
  return ((await minted.json()) as { initData: string }).initData
}
