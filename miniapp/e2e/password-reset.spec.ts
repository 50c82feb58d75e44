import { expect, test } from '@playwright/test'

import { signOut, signUpViaApi, uniqueEmail } from './helpers'

test('a player who forgot the password follows the e-mailed link, sets a new one and signs in with it', async ({ page, request }) => {
  const email = uniqueEmail('reset')
  await signUpViaApi(page, email)
  await signOut(page)

  await page.goto('/?sign-in=true')
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot password?' }).click()
  const forgot = page.getByRole('dialog', { name: 'Forgot your password?' })
  await forgot.getByLabel('E-mail').fill(email)
  await forgot.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('dialog', { name: 'Check your e-mail' })).toContainText(email)

  const outbox = await request.get('/api/sandbox/outbox', { params: { to: email } })
  const { data } = (await outbox.json()) as { data: { subject: string; body: string }[] }
  const link = /https?:\/\/\S+\/password-reset\/\w+/.exec(data[0]?.body ?? '')?.[0]
  expect(data[0]?.subject).toBe('Reset your password')
  expect(link).toBeDefined()

  await page.goto(link ?? '')
  const reset = page.getByRole('dialog', { name: 'Set a new password' })
  await reset.getByLabel('New password', { exact: true }).fill('a-brand-new-secret')
  await reset.getByLabel('Repeat the new password').fill('a-brand-new-secret')
  await reset.getByRole('button', { name: 'Set new password' }).click()
  await page.getByRole('dialog', { name: 'Your password is changed' }).getByRole('button', { name: 'Sign in' }).click()

  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByLabel('E-mail').fill(email)
  await signIn.getByLabel('Password').fill('a-brand-new-secret')
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
})
