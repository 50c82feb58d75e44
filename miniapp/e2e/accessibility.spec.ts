import { expect, test } from '@playwright/test'

import { seriousViolationsInBothPalettes } from './helpers'

// Each screen in both palettes: the device's colour scheme picks one (lib/color-mode.ts).
// Two full axe checks a test: more than the default 30 s on a loaded two-core machine.
test.describe.configure({ timeout: 60_000 })

test('the home page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first()).toBeVisible()
  // Checked as players see it, without the start-up preloader over it.
  await expect(page.locator('#preloader')).toHaveCount(0)

  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})

test('the sign-in modal has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/?sign-in=true')
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await expect(dialog.getByLabel('E-mail')).toBeFocused()
  await expect(page.locator('#preloader')).toHaveCount(0)

  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})

test('the menu drawer has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('#preloader')).toHaveCount(0)
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  // The page behind is dimmed (the scrim is a theme colour; an unknown colour class paints nothing).
  const scrim = drawer.locator('xpath=preceding-sibling::div[1]')
  const scrimColour = () => scrim.evaluate((element) => getComputedStyle(element).backgroundColor)
  const found = await seriousViolationsInBothPalettes(page, async () => {
    expect(await scrimColour()).toBe('rgba(0, 0, 0, 0.6)')
  })

  expect(found).toEqual({ light: [], dark: [] })
})
