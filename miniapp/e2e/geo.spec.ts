import { expect, test } from '@playwright/test'

import { seriousViolations } from './helpers'

/**
 * The visitor's country (the CDN's `cf-ipcountry`, which the e2e stack's platform reads by default)
 * opens `geo-popup` once: where real money is not offered (the sandbox restricts the spec's excluded
 * countries, `RESTRICTED_COUNTRIES`), and where another of the site's languages fits.
 */

test.describe('a restricted country', () => {
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'GB' } })

  test('a restricted country opens geo-popup, once', async ({ page }) => {
    await page.goto('/')
    const dialog = page.getByRole('dialog', { name: 'Not available in your country' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Real-money games, sports bets and deposits are not offered in United Kingdom.')).toBeVisible()
    await expect(page).toHaveURL(/[?&]geo-popup=GB/)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      expect(await seriousViolations(page)).toEqual([])
    }
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await expect(dialog).toBeHidden()

    await page.reload()
    await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
    await expect(dialog).toHaveCount(0)
  })
})

test.describe('a country of another language', () => {
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'BR' } })

  test("geo-popup offers the country's language", async ({ page }) => {
    await page.goto('/')
    const dialog = page.getByRole('dialog', { name: 'Welcome' })
    await expect(dialog.getByText('The site is also in Português (Brasil), spoken in Brazil.')).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      expect(await seriousViolations(page)).toEqual([])
    }
    await dialog.getByRole('button', { name: 'Switch to Português (Brasil)' }).click()
    await expect(page).toHaveURL(/\/pt-br\/?$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})
