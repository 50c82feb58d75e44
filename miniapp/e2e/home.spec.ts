import { expect, test } from '@playwright/test'

test('the home page shows the seeded collections with their games', async ({ page }) => {
  await page.goto('/')

  const popular = page.getByRole('region', { name: 'Popular', exact: true })
  await expect(popular).toBeVisible()
  await expect(popular.getByText('Lucky Sevens', { exact: true })).toBeVisible()

  const fresh = page.getByRole('region', { name: 'New', exact: true })
  await expect(fresh).toBeVisible()
  await expect(fresh.getByRole('listitem').first()).toBeVisible()

  // The first tile's artwork is a real image served by the platform.
  const artwork = popular.getByRole('listitem').first().locator('img')
  await expect(artwork).toHaveJSProperty('complete', true)
  expect(await artwork.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})

test('an unknown path shows the error page with a way home', async ({ page }) => {
  await page.goto('/no/such/page')

  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await page.getByRole('link', { name: 'Homepage' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
})
