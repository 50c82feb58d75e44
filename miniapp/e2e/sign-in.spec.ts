import { expect, test } from '@playwright/test'

import { agreeAndPassRobotCheck, apiToken, latestCode, PASSWORD, seriousViolations, signOut, signUp, uniqueEmail, uniquePhone } from './helpers'

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
  await dialog.getByLabel('E-mail', { exact: true }).fill(email)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await agreeAndPassRobotCheck(dialog)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true')
})

test('sign-up follows the scenario’s rules: a refusal on its field, then a sign-up with a bonus code and opt-ins', async ({ page, baseURL }) => {
  const email = uniqueEmail('scenario')
  const phone = uniquePhone()
  await page.goto('/?sign-up=true')
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await dialog.getByLabel('E-mail', { exact: true }).fill(email)
  await dialog.getByLabel('Password').fill(PASSWORD)
  // The phone field's mask (spec section 5) keeps the plus and the digits of what is typed.
  await dialog.getByLabel('Phone number').fill(`${phone.slice(0, 3)} (${phone.slice(3, 5)}) ${phone.slice(5)}`)
  await expect(dialog.getByLabel('Phone number')).toHaveValue(phone)
  // The scenario's nickname rule (alpha_dash) refuses a space before any call.
  const nickname = dialog.getByLabel('Nickname')
  await nickname.fill('lucky ace')
  // The platform's refusal of a code that does not exist comes back on its field.
  const bonusCode = dialog.getByLabel('Bonus code (optional)')
  await bonusCode.fill('NO-SUCH-CODE')
  await agreeAndPassRobotCheck(dialog)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(nickname).toHaveAttribute('aria-invalid', 'true')
  await nickname.fill('lucky_ace')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(bonusCode).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('There is no such bonus code.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await bonusCode.fill('BONUS10')
  await dialog.getByRole('checkbox', { name: 'Offers and bonuses by e-mail' }).check()
  await dialog.getByRole('checkbox', { name: 'I want to receive bonuses' }).check()
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByTestId('header-balance')).toBeVisible()

  const token = await apiToken(baseURL ?? '', email)
  const auth = { headers: { Authorization: `Bearer ${token}` } }
  const profile = (await (await page.request.get('/api/player/profile', auth)).json()) as Record<string, unknown>
  expect(profile).toMatchObject({ phone, nickname: 'lucky_ace', receiveEmailPromo: true, receiveSmsPromo: false, receiveBonus: true })
  // BONUS10 issues its bonus (package 6) at once.
  const bonuses = (await (await page.request.get('/api/game/player-bonuses', auth)).json()) as { data: { packageId: number }[] }
  expect(bonuses.data.map((bonus) => bonus.packageId)).toEqual([6])
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
