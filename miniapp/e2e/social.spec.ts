import { expect, test } from '@playwright/test'

import { PASSWORD, SANDBOX_CAPTCHA_PASS, uniqueEmail } from './helpers'

test('a visitor from an affiliate link signs up with a social provider through its consent page and comes back signed in', async ({ page }) => {
  await page.goto('/?stag=spring-promo')
  // The tag is kept and leaves the address bar.
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('affiliateTag'))).toContain('spring-promo')

  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Continue with Google' }).click()

  await expect(page).toHaveURL(/\/sandbox\/oauth\/google\?/)
  await page.getByLabel('E-mail').fill(uniqueEmail('social'))
  await page.getByRole('button', { name: 'Allow' }).click()

  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Welcome aboard!')).toBeVisible()
})

test('denying the consent brings the visitor back with a way to try again', async ({ page }) => {
  await page.goto('/?sign-up=true')
  await page.getByRole('dialog', { name: 'Create your account' }).getByRole('button', { name: 'Continue with Facebook' }).click()
  await page.getByRole('button', { name: 'Deny' }).click()

  await expect(page.getByRole('alert')).toContainText('Sign-in cancelled')
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
})

test('an auto-login link signs the player in once', async ({ page, request }) => {
  const email = uniqueEmail('auto')
  const registered = await request.post('/api/player/register', { data: { email, password: PASSWORD, agreements: true, captcha: SANDBOX_CAPTCHA_PASS } })
  expect(registered.status()).toBe(201)
  const minted = await request.post('/api/sandbox/login-tokens', { data: { login: email } })
  const { url } = (await minted.json()) as { url: string }

  await page.goto(url)
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page).toHaveURL(/\/$/)

  await page.evaluate(() => {
    localStorage.clear()
  })
  await page.goto(url)
  await expect(page.getByRole('alert')).toContainText('This sign-in link has expired')
})
