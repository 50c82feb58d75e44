import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { newTelegramUserId, seriousViolationsInBothPalettes, signUpViaApi, uniqueEmail } from './helpers'

/**
 * The wallet's accounts and pages against the real stack, in a browser and inside Telegram (the local
 * launch emulation): the currency panel (add, switch, hide), /wallet with a pending invoice, and the
 * history with filters that survive a reload.
 */

const MODES = ['web', 'telegram'] as const
type Mode = (typeof MODES)[number]

/** Signs a new player in: signed up and opened in a browser, a Telegram launch inside Telegram. */
async function startAs(mode: Mode, page: Page, request: APIRequestContext): Promise<void> {
  if (mode === 'web') {
    await signUpViaApi(page, uniqueEmail('wallet'))
  } else {
    const id = newTelegramUserId()
    const response = await request.post('/sandbox/telegram/init-data', { data: { id, first_name: 'Ada' } })
    expect(response.status()).toBe(200)
    const { launchUrl } = (await response.json()) as { launchUrl: string }
    await page.goto(launchUrl)
  }
  // The first balance waits for sign-in, the accounts and the currencies: slow on a busy two-core machine.
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00', { timeout: 15_000 })
}

/** The page's own session token (the player signed in through the page). */
async function pageToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('sessionToken'))
  if (!stored) throw new Error('The page holds no session token.')
  return (JSON.parse(stored) as { token: string }).token
}

async function createInvoice(request: APIRequestContext, token: string, kind: 'deposit' | 'withdrawal', amount: number): Promise<string> {
  const response = await request.post(`/api/payment/invoices/${kind}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { paymentMethod: `card.${kind}.visa`, amount, currency: 'USD' },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function settle(request: APIRequestContext, id: string, status: 2 | 3): Promise<void> {
  const response = await request.post(`/api/sandbox/invoices/${id}/settle`, { data: { status } })
  expect(response.status()).toBe(200)
}

for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    test('the currency panel adds an account, switches to it and back, and hides it', async ({ page, request }) => {
      await startAs(mode, page, request)
      const header = page.getByRole('banner')
      await header.getByRole('button', { name: /^Balance / }).click()
      const panel = page.getByRole('dialog', { name: 'Your accounts' })
      await expect(panel.getByTestId('total-balance')).toHaveText('$0.00')

      await panel.getByLabel('New account currency').selectOption('BTC')
      await panel.getByRole('button', { name: 'Add account' }).click()
      const btc = panel.getByRole('listitem').filter({ hasText: 'BTC' })
      await expect(btc).toContainText('0.00\u00a0mBTC')

      await btc.getByRole('button', { name: 'Switch to BTC' }).click()
      await expect(header.getByTestId('header-balance')).toHaveText('0.00\u00a0mBTC')
      await expect(btc).toContainText('Active')

      const usd = panel.getByRole('listitem').filter({ hasText: 'USD' })
      await usd.getByRole('button', { name: 'Switch to USD' }).click()
      await expect(header.getByTestId('header-balance')).toHaveText('$0.00')

      await btc.getByRole('button', { name: 'Hide the BTC account' }).click()
      await expect(btc).toHaveCount(0)
      await expect(panel.getByRole('listitem')).toHaveCount(1)
      // Hidden for good: a reload lists only the USD account.
      await page.reload()
      await expect(header.getByTestId('header-balance')).toHaveText('$0.00')
      await header.getByRole('button', { name: /^Balance / }).click()
      await expect(page.getByRole('dialog', { name: 'Your accounts' }).getByRole('listitem')).toHaveCount(1)
    })

    test('the wallet lists a pending deposit; the history shows a settled one and its filters survive a reload', async ({ page, request }) => {
      await startAs(mode, page, request)
      const token = await pageToken(page)
      const settled = await createInvoice(request, token, 'deposit', 2500)
      await settle(request, settled, 2)
      await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$25.00')
      await createInvoice(request, token, 'withdrawal', 1000)
      const pendingId = await createInvoice(request, token, 'deposit', 5000)

      await page.goto('/wallet')
      const pending = page.getByRole('region', { name: 'Pending payments' })
      const row = pending.getByRole('listitem').filter({ hasText: 'Deposit · Visa' })
      await expect(row).toContainText('$50.00')
      await row.getByRole('button', { name: 'Decline the deposit of $50.00' }).click()
      await expect(page).toHaveURL(new RegExp(`[?&]cancel-deposit=${pendingId}`))

      await page.goto('/wallet/history')
      const main = page.getByRole('main')
      await expect(main.getByText('+$25.00')).toBeVisible()
      await expect(main.getByText('-$10.00')).toBeVisible()

      // A phone-sized screen: the filters are a sheet.
      await main.getByRole('button', { name: 'Filters' }).click()
      const sheet = page.getByRole('dialog', { name: 'Filters' })
      await sheet.getByLabel('Type').selectOption('deposit')
      await sheet.getByLabel('Status').selectOption('success')
      await sheet.getByRole('button', { name: 'Show results' }).click()
      await expect(page).toHaveURL(/[?&]type=deposit/)
      await expect(page).toHaveURL(/[?&]status=success/)
      await expect(main.getByText('+$25.00')).toBeVisible()
      await expect(main.getByText('-$10.00')).toHaveCount(0)
      await expect(main.getByText('$50.00')).toHaveCount(0)

      await page.reload()
      await expect(main.getByRole('button', { name: 'Filters (2)' })).toBeVisible()
      await expect(main.getByText('+$25.00')).toBeVisible()
      await expect(main.getByText('-$10.00')).toHaveCount(0)

      // Dates are the player's local days, applied by the platform: from tomorrow, nothing yet.
      const tomorrow = await page.evaluate(() => {
        const day = new Date()
        day.setDate(day.getDate() + 1)
        const pad = (n: number) => String(n).padStart(2, '0')
        return `${String(day.getFullYear())}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
      })
      const narrowed = page.waitForRequest((sent) => sent.url().includes('/api/payment/invoices?') && sent.url().includes('createdFrom='))
      await main.getByRole('button', { name: 'Filters (2)' }).click()
      await sheet.getByLabel('From').fill(tomorrow)
      await sheet.getByRole('button', { name: 'Show results' }).click()
      const createdFrom = new URL((await narrowed).url()).searchParams.get('createdFrom')
      expect(createdFrom).toBe(await page.evaluate((day) => new Date(`${day}T00:00:00`).toISOString(), tomorrow))
      await expect(main.getByText('Nothing matches these filters')).toBeVisible()
      await expect(main.getByText('+$25.00')).toHaveCount(0)
    })
  })
}

test('the wallet, its history and the currency panel have no serious or critical accessibility violations in either palette', async ({ page, request }) => {
  // Each screen checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  await startAs('web', page, request)
  const token = await pageToken(page)
  await settle(request, await createInvoice(request, token, 'deposit', 2500), 2)
  await createInvoice(request, token, 'withdrawal', 1000)
  await createInvoice(request, token, 'deposit', 5000)

  await page.goto('/wallet')
  await expect(page.getByRole('region', { name: 'Pending payments' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('table', { name: 'Totals by currency' })).toBeVisible()
  await expect(page.getByTestId('total-balance')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })

  await page.goto('/wallet/history')
  await expect(page.getByRole('main').getByText('+$25.00')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })

  await page.getByRole('banner').getByRole('button', { name: /^Balance / }).click()
  await expect(page.getByRole('dialog', { name: 'Your accounts' }).getByTestId('total-balance')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})
