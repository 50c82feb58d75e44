import { expect, type Page, test } from '@playwright/test'

import { apiToken, latestCode, newTelegramUserId, PASSWORD, seriousViolationsInBothPalettes, signOut, signUpViaApi, uniqueEmail, waitForWelcomeToasts } from './helpers'

/** The profile area against the real stack: the player's name, password, devices, details and contacts. */


async function newPlayer(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix)
  await signUpViaApi(page, email)
  return email
}

test('a guest who opens the profile is sent home with sign-in', async ({ page }) => {
  await page.goto('/profile/info')
  await expect(page).toHaveURL(/\/\?sign-in=true$/)
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
})

test('a new nickname shows in the header, and a bad one is refused on its field', async ({ page }) => {
  await newPlayer(page, 'nick')
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile\/info$/)
  await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('main').getByRole('button', { name: 'Choose' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change nickname' })
  await dialog.getByLabel('Nickname').fill('no spaces')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByLabel('Nickname')).toHaveAttribute('aria-invalid', 'true')

  const nickname = `ace_${Date.now().toString(36)}`
  await dialog.getByLabel('Nickname').fill(nickname)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('profile-name')).toHaveText(nickname)
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('dialog', { name: nickname })).toBeVisible()
})

test('a changed password signs the player in, the old one no longer does', async ({ page }) => {
  const email = await newPlayer(page, 'password')
  await page.goto('/profile/settings/account')
  await page.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await dialog.getByLabel('Current password').fill('not-my-password')
  await dialog.getByLabel('New password', { exact: true }).fill('a-brand-new-secret')
  await dialog.getByLabel('Repeat the new password').fill('a-brand-new-secret')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')

  await dialog.getByLabel('Current password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog).toBeHidden()
  await signOut(page)

  await page.goto('/?sign-in=true')
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.getByLabel('E-mail').fill(email)
  await signIn.getByLabel('Password').fill(PASSWORD)
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(signIn.getByRole('alert')).toBeVisible()
  await signIn.getByLabel('Password').fill('a-brand-new-secret')
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByRole('banner').getByTestId('header-balance')).toBeVisible()
})

test('another device is listed, signed out from here, and its token stops working', async ({ page, request, baseURL }) => {
  const email = await newPlayer(page, 'sessions')
  const other = await apiToken(baseURL ?? '', email)
  await page.goto('/profile/sessions')
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')
  await expect(devices).toHaveCount(2)
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1)

  await devices.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'Sign out' }).click()
  const confirm = page.getByRole('dialog', { name: 'Sign this device out?' })
  await confirm.getByRole('button', { name: 'Sign out' }).click()
  await expect(confirm).toBeHidden()
  await expect(devices).toHaveCount(1)
  const refused = await request.get('/api/player/profile', { headers: { Authorization: `Bearer ${other}` } })
  expect(refused.status()).toBe(401)
})

test('personal details: a minor is refused before any call, saved details survive a reload, Brazil asks for a CPF', async ({ page }) => {
  await newPlayer(page, 'details')
  await page.goto('/profile/personal')
  const form = page.getByRole('main')
  await form.getByLabel('First name *').fill('Ana')
  await form.getByLabel('Last name *').fill('Silva')
  await form.getByLabel('Date of birth *').fill('2015-03-01')
  // The country is a searchable select: type, walk the matches with the keyboard, choose with Enter.
  const country = form.getByRole('combobox', { name: 'Country *' })
  await country.fill('portu')
  await expect(form.getByRole('listbox', { name: 'Country *' }).getByRole('option')).toHaveText(['Portugal'])
  await country.press('Enter')
  await expect(country).toHaveValue('Portugal')
  let calls = 0
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/player/profile')) calls += 1
  })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByLabel('Date of birth *')).toHaveAttribute('aria-invalid', 'true')
  expect(calls).toBe(0)

  await form.getByLabel('Date of birth *').fill('1990-05-17')
  await form.getByLabel('City').fill('Lisbon')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your details are saved')).toBeVisible()
  await page.reload()
  await expect(form.getByLabel('City')).toHaveValue('Lisbon')
  await expect(form.getByLabel('Date of birth *')).toHaveValue('1990-05-17')

  await expect(country).toHaveValue('Portugal')
  await country.fill('bra')
  await country.press('ArrowDown')
  await form.getByRole('listbox', { name: 'Country *' }).getByRole('option', { name: 'Brazil' }).click()
  await form.getByLabel('CPF number *').fill('529.982.247-24')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByLabel('CPF number *')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('CPF number *').fill('529.982.247-25')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your details are saved')).toBeVisible()
  await page.reload()
  await expect(form.getByLabel('CPF number *')).toHaveValue('529.982.247-25')
})

test('personal details: the operator’s other fields are saved, masked where they have a mask, and the security answer is never shown', async ({ page }) => {
  await newPlayer(page, 'fields')
  await page.goto('/profile/personal')
  const form = page.getByRole('main')
  await form.getByLabel('First name *').fill('Ana')
  await form.getByLabel('Last name *').fill('Silva')
  await form.getByLabel('Date of birth *').fill('1990-05-17')
  const country = form.getByRole('combobox', { name: 'Country *' })
  await country.fill('bra')
  await country.press('ArrowDown')
  await form.getByRole('listbox', { name: 'Country *' }).getByRole('option', { name: 'Brazil' }).click()
  await form.getByLabel('CPF number *').fill('52998224725')
  await expect(form.getByLabel('CPF number *')).toHaveValue('529.982.247-25')
  await form.getByLabel('Postal code').pressSequentially('01310x100')
  await expect(form.getByLabel('Postal code')).toHaveValue('01310-100')

  await form.getByLabel('Full name').fill('Ana Maria Silva')
  const nationality = form.getByRole('combobox', { name: 'Nationality' })
  await nationality.fill('portu')
  await nationality.press('Enter')
  await form.getByLabel('Place of birth').fill('Porto')
  await form.getByLabel('Profession').fill('Engineer')
  await form.getByLabel('ID document number').fill('mg-12.345.678')
  await expect(form.getByLabel('ID document number')).toHaveValue('mg12345678')
  await form.getByLabel('Address line 2').fill('Apt 42')
  await form.getByLabel('Security question').fill('First pet?')
  await form.getByRole('button', { name: 'Save' }).click()
  // Two words exactly, and a question needs its answer: both before any call.
  await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Security answer *')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Full name').fill('Ana Silva')
  await form.getByLabel('Security answer *').fill('Rex')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your details are saved')).toBeVisible()
  await page.reload()
  await expect(form.getByLabel('Full name')).toHaveValue('Ana Silva')
  await expect(nationality).toHaveValue('Portugal')
  await expect(form.getByLabel('Place of birth')).toHaveValue('Porto')
  await expect(form.getByLabel('Profession')).toHaveValue('Engineer')
  await expect(form.getByLabel('ID document number')).toHaveValue('MG12345678')
  await expect(form.getByLabel('Address line 2')).toHaveValue('Apt 42')
  await expect(form.getByLabel('Postal code')).toHaveValue('01310-100')
  await expect(form.getByLabel('Security question')).toHaveValue('First pet?')
  await expect(form.getByLabel('Security answer')).toHaveValue('')
  await expect(form.getByLabel('Security answer')).toHaveAttribute('placeholder', 'Saved. Type a new answer to change it')
})

test('a new e-mail becomes the account’s once its code is confirmed; a taken one is refused', async ({ page, request }) => {
  const taken = await newPlayer(page, 'taken-address')
  await signOut(page)
  await newPlayer(page, 'email-change')
  await page.goto('/profile/info')
  await page.getByRole('main').getByRole('listitem').filter({ hasText: 'E-mail' }).getByRole('button', { name: 'Change' }).click()
  const change = page.getByRole('dialog', { name: 'Change e-mail' })
  await change.getByLabel('New e-mail').fill(taken)
  await change.getByRole('button', { name: 'Send code' }).click()
  await expect(change.getByLabel('New e-mail')).toHaveAttribute('aria-invalid', 'true')

  const address = uniqueEmail('new-address')
  await change.getByLabel('New e-mail').fill(address)
  await change.getByRole('button', { name: 'Send code' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm your e-mail' })
  await expect(confirm).toContainText(address)
  await confirm.getByLabel('Code').fill(await latestCode(request, address))
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('main')).toContainText(address)
  await expect(page.getByRole('main')).toContainText('Verified')
})

test('the link in the confirmation e-mail confirms the address, once', async ({ page, request }) => {
  await newPlayer(page, 'link-confirm')
  const address = uniqueEmail('linked-address')
  await page.goto('/profile/info?email=true')
  const change = page.getByRole('dialog', { name: 'Change e-mail' })
  await change.getByLabel('New e-mail').fill(address)
  await change.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByRole('dialog', { name: 'Confirm your e-mail' })).toBeVisible()

  const outbox = await request.get('/api/sandbox/outbox', { params: { to: address } })
  const { data } = (await outbox.json()) as { data: { body: string }[] }
  const link = /https?:\/\/\S+\/verify\/[A-Za-z0-9]+/.exec(data[0]?.body ?? '')?.[0]
  expect(link, data[0]?.body).toBeDefined()
  await page.goto(new URL(link ?? '').pathname)
  await expect(page.getByText(`${address} is confirmed as your address.`)).toBeVisible()
  await page.getByRole('link', { name: 'Go to your profile' }).click()
  await expect(page.getByRole('main')).toContainText(address)

  await page.goto(new URL(link ?? '').pathname)
  await expect(page.getByRole('alert')).toContainText('This link no longer works')
})

test('in Telegram the profile opens for the messenger player, without a password to change', async ({ page, request }) => {
  const minted = await request.post('/sandbox/telegram/init-data', { data: { id: newTelegramUserId(), first_name: 'Tess' } })
  expect(minted.status()).toBe(200)
  const { launchUrl } = (await minted.json()) as { launchUrl: string }
  await page.goto(launchUrl)
  await expect(page.getByRole('banner').getByTestId('header-balance')).toBeVisible()
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0)
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByTestId('profile-name')).toHaveText('Tess')
  await expect(page.getByRole('main')).toContainText('Telegram ID')
})

test('a social account is linked through the provider’s consent and unlinked again', async ({ page }) => {
  await newPlayer(page, 'linking')
  await page.goto('/profile/settings/account')
  const linkedAccounts = page.getByRole('region', { name: 'Linked accounts' })
  await expect(linkedAccounts.getByText('No accounts linked yet.', { exact: false })).toBeVisible()
  await linkedAccounts.getByRole('button', { name: 'Link Google' }).click()

  await expect(page).toHaveURL(/\/sandbox\/oauth\/google\?/)
  await page.getByLabel('E-mail').fill(uniqueEmail('google-account'))
  await page.getByRole('button', { name: 'Allow' }).click()

  await expect(page).toHaveURL(/\/profile\/settings\/account$/)
  await expect(page.getByText('Google is linked')).toBeVisible()
  const linked = linkedAccounts.getByRole('list', { name: 'Linked accounts' }).getByRole('listitem')
  await expect(linked).toHaveCount(1)
  await expect(linked).toContainText('Google')
  await expect(linkedAccounts.getByRole('button', { name: 'Link Google' })).toHaveCount(0)

  await linked.getByRole('button', { name: 'Unlink' }).click()
  await page.getByRole('dialog', { name: 'Unlink Google?' }).getByRole('button', { name: 'Unlink' }).click()
  await expect(linked).toHaveCount(0)
  await expect(linkedAccounts.getByRole('button', { name: 'Link Google' })).toBeVisible()
})

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test('a PNG document is uploaded and listed, a program renamed .png is refused, a pending one can be deleted', async ({ page }) => {
  await newPlayer(page, 'documents')
  await page.goto('/profile/verification')
  const documents = page.getByRole('region', { name: 'Documents' })
  await expect(documents.getByText('No documents yet.', { exact: false })).toBeVisible()

  const file = documents.getByLabel('File (JPEG, PNG or PDF, up to 10 MB)')
  await file.setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: Buffer.from('MZ\x90\x00 this is a Windows program') })
  await documents.getByRole('button', { name: 'Upload' }).click()
  await expect(documents.getByRole('alert')).toHaveText('Upload a JPEG or PNG photo, or a PDF.')
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(documents.getByRole('alert')).toHaveText('Send a JPEG, PNG or PDF file.')

  await documents.getByLabel('Document type').selectOption('id_card')
  await file.setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG })
  await documents.getByRole('button', { name: 'Upload' }).click()
  const listed = documents.getByRole('list', { name: 'Your documents' }).getByRole('listitem')
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText('ID card')
  await expect(listed).toContainText('id-front.png · Under review')

  await listed.getByRole('button', { name: 'Delete id-front.png' }).click()
  await expect(documents.getByText('No documents yet.', { exact: false })).toBeVisible()
})

test('the identity check runs in the verification service’s frame and the profile shows the verified state', async ({ page }) => {
  await newPlayer(page, 'kyc')
  await page.goto('/profile/verification')
  await expect(page.getByTestId('verification-status')).toHaveText('○ Not verified')
  await page.getByRole('button', { name: 'Verify now' }).click()
  const service = page.frameLocator('iframe[title="Identity verification"]')
  await service.getByRole('radio', { name: 'Driving licence' }).check()
  await service.getByRole('button', { name: 'Continue' }).click()
  await service.getByRole('button', { name: 'Take the selfie' }).click()
  await service.getByRole('button', { name: 'Send for review' }).click()
  await expect(page.getByTestId('verification-status')).toHaveText('… Under review')
  await service.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('verification-status')).toHaveText('✓ Verified')

  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Identity' })).toContainText('Verified')
})

// Thirteen screens, each checked by axe in both palettes, after a new player's welcome toasts: more than
// the default 30 s on a loaded two-core machine, so the pages and the modals are two tests with room each.
test('every profile page is free of serious accessibility violations in either palette', async ({ page }) => {
  test.setTimeout(120_000)
  await newPlayer(page, 'a11y-pages')
  await waitForWelcomeToasts(page)
  for (const [path, heading] of [
    ['/profile/info', 'Overview'],
    ['/profile/personal', 'Personal details'],
    ['/profile/verification', 'Verification'],
    ['/profile/sessions', 'Sessions'],
    ['/profile/settings/account', 'Account settings'],
    ['/profile/settings/notifications', 'Notification settings'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    expect(await seriousViolationsInBothPalettes(page), path).toEqual({ light: [], dark: [] })
  }
})

test('every profile modal opens from its query as a named dialog without serious violations in either palette', async ({ page }) => {
  test.setTimeout(120_000)
  await newPlayer(page, 'a11y-modals')
  await waitForWelcomeToasts(page)
  for (const [key, name] of [
    ['avatars', 'Choose a picture'],
    ['change-nickname', 'Change nickname'],
    ['change-pass', 'Change password'],
    ['email', 'Change e-mail'],
    ['confirm-email', 'Confirm your e-mail'],
    ['phone', 'Add phone number'],
    ['confirm-session-logout', 'Sign this device out?'],
  ] as const) {
    await page.goto(`/profile/info?${key}=true`)
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0)
    expect(await seriousViolationsInBothPalettes(page), key).toEqual({ light: [], dark: [] })
  }
})
