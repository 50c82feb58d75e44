import { expect, test } from '@playwright/test'

import { agreeAndPassRobotCheck, PASSWORD, signOut, uniqueEmail } from './helpers'

/** The body of the next call to `path` the page makes. */
function nextBody(page: import('@playwright/test').Page, path: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request) => new URL(request.url()).pathname === path && request.method() === 'POST')
    .then((request) => request.postDataJSON() as Record<string, unknown>)
}

test('a sign-up and a later sign-in carry the same device fingerprint, made by the library in the browser', async ({ page }) => {
  const email = uniqueEmail('fingerprint')
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await dialog.getByLabel('E-mail', { exact: true }).fill(email)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await agreeAndPassRobotCheck(dialog)
  const registration = nextBody(page, '/api/player/register')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  const { fingerprint } = await registration
  // FingerprintJS's visitor id: 32 hexadecimal digits.
  expect(fingerprint).toMatch(/^[0-9a-f]{32}$/)
  await expect(dialog).toBeHidden()

  await signOut(page)
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click()
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByLabel('E-mail').fill(email)
  await signIn.getByLabel('Password').fill(PASSWORD)
  const session = nextBody(page, '/api/player/sessions')
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  expect((await session).fingerprint).toBe(fingerprint)
  await expect(signIn).toBeHidden()
})
