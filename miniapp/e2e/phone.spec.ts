import { expect, test } from '@playwright/test'

import { agreeAndPassRobotCheck, apiToken, latestCode, PASSWORD, seriousViolations, seriousViolationsInBothPalettes, signOut, uniquePhone } from './helpers'

test('a visitor signs up by phone, on the registration scenario’s form, with the SMS code from the outbox; a second code too soon is refused with a reason', async ({ page, request, baseURL }) => {
  // Three axe checks besides the sign-up and sign-in: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  const phone = uniquePhone()
  const header = page.getByRole('banner')
  await page.goto('/?sign-up=true')
  const signUp = page.getByRole('dialog', { name: 'Create your account' })
  await signUp.getByRole('button', { name: 'Phone' }).click()
  // The scenario's form, the number first in place of the e-mail.
  await expect(signUp.getByRole('textbox').first()).toHaveAccessibleName('Phone number')
  await expect(signUp.getByLabel('E-mail', { exact: true })).toHaveCount(0)
  await signUp.getByLabel('Phone number').fill(phone)
  await signUp.getByLabel('Password').fill(PASSWORD)
  await expect(signUp.getByLabel('Currency')).toHaveValue('USD')
  await signUp.getByLabel('Nickname').fill('phone_ace')
  await signUp.getByRole('checkbox', { name: 'Offers and bonuses by text message' }).check()
  await agreeAndPassRobotCheck(signUp)
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  await signUp.getByRole('button', { name: 'Continue', exact: true }).click()

  const confirm = page.getByRole('dialog', { name: 'Confirm your number' })
  await expect(confirm).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByLabel('Code').fill(await latestCode(request, phone))
  await confirm.getByRole('button', { name: 'Create account' }).click()

  await expect(confirm).toBeHidden()
  await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
  await expect(page).toHaveURL(/\/$/)
  const token = await apiToken(baseURL ?? '', phone)
  const profile = await request.get('/api/player/profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(await profile.json()).toMatchObject({ phone, nickname: 'phone_ace', receiveSmsPromo: true, receiveEmailPromo: false })

  await signOut(page)
  await header.getByRole('button', { name: 'Sign in' }).click()
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByRole('button', { name: 'Phone' }).click()
  await signIn.getByLabel('Phone number').fill(phone)
  await signIn.getByRole('button', { name: 'Send code' }).click()
  // The platform sends one code per number every 30 seconds, and says so.
  await expect(signIn.getByRole('alert')).toContainText(/A code was just sent\. Try again in \d+ seconds\./)
})
