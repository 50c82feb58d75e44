import { expect, test } from '@playwright/test'

import { latestCode, PASSWORD, signOut, signUp, uniqueEmail } from './helpers'

test('a visitor signs up by e-mail, lands home signed in with the balance, signs out and signs in again', async ({ page }) => {
  const email = uniqueEmail('web')
  await signUp(page, email)

  const header = page.getByRole('banner')
  await expect(page).toHaveURL(/\/$/)
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(header.getByRole('button', { name: 'Deposit' })).toBeVisible()

  // The balance opens the currency panel with the player's accounts.
  await header.getByRole('button', { name: /^Balance/ }).click()
  const accounts = page.getByRole('dialog', { name: 'Your accounts' })
  await expect(accounts.getByRole('listitem')).toHaveCount(1)
  await expect(accounts.getByRole('listitem')).toContainText('USD')
  await page.keyboard.press('Escape')
  await expect(accounts).toBeHidden()

  await header.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('dialog', { name: email.slice(0, email.indexOf('@')) }).getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await expect(header.getByTestId('header-balance')).toBeHidden()

  await header.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\?sign-in=true$/)
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByLabel('E-mail').fill(email)
  await signIn.getByLabel('Password').fill('not-the-password')
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(signIn.getByRole('alert')).toHaveText('The e-mail or password is incorrect.')

  await signIn.getByLabel('Password').fill(PASSWORD)
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(signIn).toBeHidden()
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page).toHaveURL(/\/$/)
})

test('the sign-up modal opened from the URL shows the server’s refusal of a taken e-mail on its field', async ({ page }) => {
  const email = uniqueEmail('taken')
  await signUp(page, email)
  await signOut(page)

  await page.goto('/?sign-up=true')
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await dialog.getByRole('checkbox').check()
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
})

test('an e-mail code signs in: a wrong code is refused on its field, the one from the outbox signs the player in', async ({ page, request }) => {
  const email = uniqueEmail('emailcode')
  await signUp(page, email)
  await signOut(page)

  const header = page.getByRole('banner')
  await header.getByRole('button', { name: 'Sign in' }).click()
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByRole('button', { name: 'E-mail code' }).click()
  await signIn.getByLabel('E-mail').fill(email)
  await signIn.getByRole('button', { name: 'Send code' }).click()

  const verify = page.getByRole('dialog', { name: 'Enter the code' })
  await expect(verify).toHaveAccessibleDescription(`Enter the code we sent to ${email}.`)
  const code = await latestCode(request, email)
  await verify.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
  await verify.getByRole('button', { name: 'Sign in' }).click()
  await expect(verify.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true')

  await verify.getByLabel('Code').fill(code)
  await verify.getByRole('button', { name: 'Sign in' }).click()
  await expect(verify).toBeHidden()
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page).toHaveURL(/\/$/)
})
