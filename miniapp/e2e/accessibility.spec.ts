import { expect, test } from '@playwright/test'

import { seriousViolations } from './helpers'

// Both palettes: the device's colour scheme picks one (lib/color-mode.ts).
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} palette`, () => {
    test.use({ colorScheme })

    test('the home page has no serious or critical accessibility violations', async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('data-color-mode', colorScheme)
      await expect(page.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first()).toBeVisible()
      // Checked as players see it, without the start-up preloader over it.
      await expect(page.locator('#preloader')).toHaveCount(0)

      expect(await seriousViolations(page)).toEqual([])
    })

    test('the sign-in modal has no serious or critical accessibility violations', async ({ page }) => {
      await page.goto('/?sign-in=true')
      const dialog = page.getByRole('dialog', { name: 'Sign in' })
      await expect(dialog.getByLabel('E-mail')).toBeFocused()
      await expect(page.locator('#preloader')).toHaveCount(0)

      expect(await seriousViolations(page)).toEqual([])
    })

    test('the menu drawer has no serious or critical accessibility violations', async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('#preloader')).toHaveCount(0)
      await page.getByRole('button', { name: 'Menu', exact: true }).click()
      const drawer = page.getByRole('dialog', { name: 'Menu' })
      await expect(drawer).toBeVisible()
      // The page behind is dimmed (the scrim is a theme colour; an unknown colour class paints nothing).
      const scrim = drawer.locator('xpath=preceding-sibling::div[1]')
      expect(await scrim.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(0, 0, 0, 0.6)')

      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
