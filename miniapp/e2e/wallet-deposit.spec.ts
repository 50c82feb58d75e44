import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { apiToken, channelSubscribed as subscribedTo, closeDepositSuccess, emulateTelegramHost, lastTelegramEvent, newTelegramUserId, paidDeposit, seriousViolationsInBothPalettes, signUpViaApi, telegramEvents, uniqueEmail } from './helpers'

async function settle(request: APIRequestContext, id: string, status: 2 | 3) {
  const settled = await request.post(`/api/sandbox/invoices/${id}/settle`, { data: { status } })
  expect(settled.status()).toBe(200)
}

async function openDeposit(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click()
  return page.getByRole('dialog', { name: 'Deposit' })
}

test.describe('the wallet modal in a browser', () => {
  test('a card deposit through the sandbox payment page raises the balance live and shows deposit-success', async ({ page }) => {
    const invoices = subscribedTo(page, 'payment:invoices#')
    await signUpViaApi(page, uniqueEmail('wallet-card'))
    await invoices
    const balance = page.getByRole('banner').getByTestId('header-balance')
    await expect(balance).toHaveText('$0.00')

    const dialog = await openDeposit(page)
    await dialog.getByRole('radio', { name: /Visa/ }).check()
    await dialog.getByLabel('Amount, USD').fill('25')
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Deposit $25.00' }).click()
    const provider = await popupOpened
    await expect(dialog.getByText('Waiting for your payment of $25.00')).toBeVisible()
    await expect(provider).toHaveURL(/\/sandbox\/payments\/[0-9a-f-]+$/)

    await provider.getByRole('button', { name: 'Approve' }).click()
    await expect(balance).toHaveText('$25.00')
    const success = page.getByRole('dialog', { name: 'Deposit successful' })
    await expect(success).toContainText('$25.00 is on your balance.')
    expect(new URL(page.url()).searchParams.get('deposit-success')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('a crypto deposit shows its QR code and settles live', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('wallet-ton')
    await signUpViaApi(page, email)
    const token = await apiToken(baseURL ?? '', email)
    const auth = { Authorization: `Bearer ${token}` }
    const account = await request.post('/api/wallet/accounts', { headers: auth, data: { currency: 'TON' } })
    expect(account.status()).toBeLessThan(300)
    const { id: accountId } = (await account.json()) as { id: number }
    expect((await request.put(`/api/wallet/accounts/${String(accountId)}/switch-account`, { headers: auth })).status()).toBeLessThan(300)
    const invoices = subscribedTo(page, 'payment:invoices#')
    await page.reload()
    await invoices

    const dialog = await openDeposit(page)
    await dialog.getByRole('radio', { name: /Toncoin/ }).check()
    await dialog.getByLabel('Amount, TON').fill('2')
    const created = page.waitForResponse((response) => response.url().endsWith('/api/payment/invoices/deposit'))
    await dialog.getByRole('button', { name: /^Deposit 2/ }).click()
    const { id } = (await (await created).json()) as { id: string }

    // The address in TON's bounceable form; the link carries the exact amount and the invoice's comment.
    await expect(dialog.getByRole('img', { name: /^QR code of the payment to EQ/ })).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Pay in a TON wallet' })).toHaveAttribute(
      'href',
      new RegExp(`^ton://transfer/EQ[\\w-]+\\?amount=2000000000&text=${id}$`),
    )
    await expect(dialog.getByText('TON', { exact: true })).toBeVisible()

    await settle(request, id, 2)
    await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
    await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('2')
  })

  test('a pending deposit can be declined', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('wallet-decline')
    await signUpViaApi(page, email)
    const dialog = await openDeposit(page)
    await dialog.getByRole('radio', { name: /Mastercard/ }).check()
    await dialog.getByLabel('Amount, USD').fill('40')
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Deposit $40.00' }).click()
    await (await popupOpened).close()

    await dialog.getByRole('button', { name: 'Cancel deposit' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel this deposit?' })
    await expect(cancel).toContainText('The payment of $40.00 will not be taken.')
    await cancel.getByRole('button', { name: 'Cancel deposit' }).click()
    await expect(page.getByText('Deposit cancelled')).toBeVisible()
    await expect(cancel).toBeHidden()

    const token = await apiToken(baseURL ?? '', email)
    const list = await request.get('/api/payment/invoices?type=deposit', { headers: { Authorization: `Bearer ${token}` } })
    const { data } = (await list.json()) as { data: { status: number; failureReason: string | null }[] }
    expect(data.map(({ status, failureReason }) => ({ status, failureReason }))).toEqual([{ status: 3, failureReason: 'declined_by_player' }])
  })

  test('a reached deposit limit shows the limit state (13100) with the limits and a link to change them', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('wallet-limit')
    // Subscribed before the deposit is paid, the page greets it with deposit-success every time (it did only
    // when the subscription happened to be ready, and then covered the header's Deposit button).
    const invoices = subscribedTo(page, 'payment:invoices#')
    await signUpViaApi(page, email)
    await invoices
    const token = await apiToken(baseURL ?? '', email)
    const limit = await request.post('/api/player/limits', {
      headers: { Authorization: `Bearer ${token}` },
      data: { definition: 3, period: 'daily', amount: 10_00, currency: 'USD' },
    })
    expect(limit.status()).toBeLessThan(300)
    await paidDeposit(request, token, 10_00)
    await closeDepositSuccess(page)

    const dialog = await openDeposit(page)
    await expect(dialog.getByText('Deposit limit reached')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Manage limits' })).toHaveAttribute('href', '/profile/limits')
    await expect(dialog.getByText('$10.00 of $10.00')).toBeVisible()
    await expect(dialog.getByRole('radio')).toHaveCount(0)
  })

  test('a withdrawal above the balance is refused; a valid one is held at once and shown pending', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('wallet-withdraw')
    const accounts = subscribedTo(page, 'wallet:accounts#')
    await signUpViaApi(page, email)
    await accounts
    await paidDeposit(request, await apiToken(baseURL ?? '', email), 50_00)
    const balance = page.getByRole('banner').getByTestId('header-balance')
    await expect(balance).toHaveText('$50.00')

    await page.goto('/?wallet=withdraw')
    const dialog = page.getByRole('dialog', { name: 'Withdraw' })
    await dialog.getByRole('radio', { name: /Visa/ }).check()
    await dialog.getByLabel('Amount, USD').fill('100')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByLabel('Amount, USD')).toHaveAccessibleDescription('Your balance is $50.00: enter at most that.')

    await dialog.getByLabel('Amount, USD').fill('20')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(dialog.getByText('Withdrawal of $20.00 is being processed')).toBeVisible()
    await expect(balance).toHaveText('$30.00')
  })
})

test.describe('the wallet modal in Telegram', () => {
  test('a card deposit runs on the Main Button, opens the provider through Telegram and settles live', async ({ page, request }) => {
    const minted = await request.post('/sandbox/telegram/init-data', { data: { id: newTelegramUserId(), first_name: 'Ada' } })
    const { launchUrl } = (await minted.json()) as { launchUrl: string }
    await page.addInitScript(emulateTelegramHost)
    const invoices = subscribedTo(page, 'payment:invoices#')
    await page.goto(launchUrl)
    const balance = page.getByRole('banner').getByTestId('header-balance')
    // The first Telegram sign-in creates the player: allow it the time a loaded machine takes.
    await expect(balance).toHaveText('$0.00', { timeout: 15_000 })
    await invoices

    const sheet = await openDeposit(page)
    await sheet.getByRole('radio', { name: /Visa/ }).check()
    await sheet.getByLabel('Amount, USD').fill('25')
    // The Main Button is the primary action: it carries the form's text, and the sheet has no button of its own.
    await expect.poll(() => lastTelegramEvent(page, 'web_app_setup_main_button')).toMatchObject({ text: 'Deposit $25.00', is_visible: true, is_active: true })
    await expect(sheet.getByRole('button', { name: 'Deposit $25.00' })).toHaveCount(0)
    await expect.poll(() => lastTelegramEvent(page, 'web_app_setup_back_button')).toMatchObject({ is_visible: true })

    await page.evaluate(() => {
      ;(window as unknown as { Telegram: { WebView: { receiveEvent: (type: string) => void } } }).Telegram.WebView.receiveEvent('main_button_pressed')
    })
    await expect(sheet.getByText('Waiting for your payment of $25.00')).toBeVisible()
    await expect.poll(() => lastTelegramEvent(page, 'web_app_open_link')).toMatchObject({ url: expect.stringMatching(/\/sandbox\/payments\/[0-9a-f-]{36}$/) })
    // Closing the Mini App now would abandon the payment: Telegram asks first.
    await expect.poll(() => lastTelegramEvent(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: true })
    const url = String((await lastTelegramEvent(page, 'web_app_open_link'))?.url)
    expect(page.url()).not.toContain('/sandbox/')

    await settle(request, url.split('/').at(-1) ?? '', 2)
    await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
    await expect(balance).toHaveText('$25.00')
    const haptics = await telegramEvents(page, 'web_app_trigger_haptic_feedback')
    expect(haptics.map((event) => event.data)).toContainEqual({ type: 'notification', notification_type: 'success' })
  })
})

test('the wallet modal: its deposit form, a pending payment and the withdraw tab have no serious or critical accessibility violations in either palette', async ({ page }) => {
  // Each screen checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  await signUpViaApi(page, uniqueEmail('wallet-axe'))
  const dialog = await openDeposit(page)
  await expect(dialog.getByRole('radio', { name: /Visa/ })).toBeVisible()
  await dialog.getByLabel('Amount, USD').fill('25')
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })

  const popupOpened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Deposit $25.00' }).click()
  await (await popupOpened).close()
  await expect(dialog.getByText('Waiting for your payment of $25.00')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })

  await dialog.getByRole('button', { name: 'Withdraw' }).click()
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' })
  await expect(withdraw.getByRole('radio').first()).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})
