import { expect, test } from '@playwright/test'

import { latestCode, PASSWORD, signOut, uniquePhone } from './helpers'

test('a visitor signs up by phone with the SMS code from the outbox; a second code too soon is refused with a reason', async ({ page, request }) => {
  const phone = uniquePhone()
  const header = page.getByRole('banner')
  await page.goto('/?sign-up=true')
  const signUp = page.getByRole('dialog', { name: 'Create your account' })
  await signUp.getByRole('button', { name: 'Phone' }).click()
  await signUp.getByLabel('Phone number').fill(phone)
  await signUp.getByLabel('Password').fill(PASSWORD)
  await expect(signUp.getByLabel('Currency')).toHaveValue('USD')
  await signUp.getByRole('checkbox').check()
  await signUp.getByRole('button', { name: 'Continue', exact: true }).click()

  const confirm = page.getByRole('dialog', { name: 'Confirm your number' })
  await expect(confirm).toBeVisible()
  await confirm.getByLabel('Code').fill(await latestCode(request, phone))
  await confirm.getByRole('button', { name: 'Create account' }).click()

  await expect(confirm).toBeHidden()
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page).toHaveURL(/\/$/)

  await signOut(page)
  await header.getByRole('button', { name: 'Sign in' }).click()
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByRole('button', { name: 'Phone' }).click()
  await signIn.getByLabel('Phone number').fill(phone)
  await signIn.getByRole('button', { name: 'Send code' }).click()
  // The platform sends one code per number every 30 seconds, and says so.
  await expect(signIn.getByRole('alert')).toContainText(/A code was just sent\. Try again in \d+ seconds\./)
})
