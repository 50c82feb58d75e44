import { expect, test } from '@playwright/test'

// The sandbox's seeded route rules (platform seed step `routes-v1`).

test('an old address redirects home, keeping the locale prefix', async ({ page }) => {
  await page.goto('/casino')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()

  await page.goto('/es/casino')
  await expect(page).toHaveURL(/\/es\/$/)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
})

test('a prefix rule redirects every address under it', async ({ page }) => {
  await page.goto('/lobby/live/roulette')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
})

test('a rule to another site leaves with a full page load', async ({ page }) => {
  // No internet here: the blog answers from the test.
  await page.route('https://blog.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Blog</title><h1>The blog</h1>' }),
  )
  await page.goto('/blog')

  await expect(page).toHaveURL('https://blog.example.com/')
  await expect(page.getByRole('heading', { name: 'The blog' })).toBeVisible()
})

test('a guest on a page the auth guard protects lands home with the sign-in modal', async ({ page }) => {
  await page.goto('/account/anything')

  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
  await expect(page).toHaveURL(/\/\?sign-in=true$/)
})
