import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { apiToken, signUp, uniqueEmail } from './helpers'

/** Resolves once the page's real-time client is subscribed to `prefix#…` (the hub keeps no history). */
function subscribedTo(page: Page, prefix: string): Promise<void> {
  const lines = (payload: string | Buffer) => String(payload).split('\n').filter((line) => line.trim() !== '')
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let subscribeId: number | undefined
      socket.on('framesent', ({ payload }) => {
        for (const line of lines(payload)) {
          const command = JSON.parse(line) as { id?: number; subscribe?: { channel?: string } }
          if (command.subscribe?.channel?.startsWith(prefix)) subscribeId = command.id
        }
      })
      socket.on('framereceived', ({ payload }) => {
        for (const line of lines(payload)) {
          const reply = JSON.parse(line) as { id?: number; subscribe?: unknown }
          if (subscribeId !== undefined && reply.id === subscribeId && reply.subscribe) resolve()
        }
      })
    })
  })
}

async function settle(request: APIRequestContext, id: string, status: 2 | 3) {
  const settled = await request.post(`/api/sandbox/invoices/${id}/settle`, { data: { status } })
  expect(settled.status()).toBe(200)
}

/** A deposit made and paid through the API: money to withdraw, or a limit to reach. */
async function paidDeposit(request: APIRequestContext, token: string, amount: number) {
  const created = await request.post('/api/payment/invoices/deposit', {
    headers: { Authorization: `Bearer ${token}` },
    data: { paymentMethod: 'card.deposit.visa', amount, currency: 'USD' },
  })
  expect(created.status()).toBe(201)
  await settle(request, ((await created.json()) as { id: string }).id, 2)
}

async function openDeposit(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click()
  return page.getByRole('dialog', { name: 'Deposit' })
}

test.describe('the wallet modal in a browser', () => {
  test('a card deposit through the sandbox payment page raises the balance live and shows deposit-success', async ({ page }) => {
    const invoices = subscribedTo(page, 'payment:invoices#')
    await signUp(page, uniqueEmail('wallet-card'))
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
    await signUp(page, email)
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

    await expect(dialog.getByRole('img', { name: /^QR code of the payment to UQ/ })).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Pay in a TON wallet' })).toHaveAttribute('href', /^ton:\/\/transfer\/UQ[\w-]+\?amount=2000000000$/)
    await expect(dialog.getByText('TON', { exact: true })).toBeVisible()

    await settle(request, id, 2)
    await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
    await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('2')
  })

  test('a pending deposit can be declined', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('wallet-decline')
    await signUp(page, email)
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
    await signUp(page, email)
    const token = await apiToken(baseURL ?? '', email)
    const limit = await request.post('/api/player/limits', {
      headers: { Authorization: `Bearer ${token}` },
      data: { definition: 3, period: 'daily', amount: 10_00, currency: 'USD' },
    })
    expect(limit.status()).toBeLessThan(300)
    await paidDeposit(request, token, 10_00)

    const dialog = await openDeposit(page)
    await expect(dialog.getByText('Deposit limit reached')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Manage limits' })).toHaveAttribute('href', '/profile/limits')
    await expect(dialog.getByText('$10.00 of $10.00')).toBeVisible()
    await expect(dialog.getByRole('radio')).toHaveCount(0)
  })

  test('a withdrawal above the balance is refused; a valid one is held at once and shown pending', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('wallet-withdraw')
    const accounts = subscribedTo(page, 'wallet:accounts#')
    await signUp(page, email)
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
