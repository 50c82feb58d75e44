import { expect, test } from '@playwright/test'

import { apiToken, channelSubscribed, signUpViaApi, uniqueEmail } from './helpers'

test('a deposit settled through the sandbox moves the header balance without a reload', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('deposit')
  const subscribed = channelSubscribed(page, 'wallet:accounts#')
  await signUpViaApi(page, email)
  const balance = page.getByRole('banner').getByTestId('header-balance')
  await expect(balance).toHaveText('$0.00')
  // A reload would drop this marker; the deposit-success modal only changes the query in place.
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })

  const token = await apiToken(baseURL ?? '', email)
  const invoice = await request.post('/api/payment/invoices/deposit', {
    headers: { Authorization: `Bearer ${token}` },
    data: { paymentMethod: 'card.deposit.visa', amount: 2500, currency: 'USD' },
  })
  expect(invoice.status()).toBe(201)
  const { id } = (await invoice.json()) as { id: string }
  await subscribed

  const settled = await request.post(`/api/sandbox/invoices/${id}/settle`, { data: { status: 2 } })
  expect(settled.status()).toBe(200)

  await expect(balance).toHaveText('$25.00')
  await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toContainText('$25.00 is on your balance.')
  expect(new URL(page.url()).searchParams.get('deposit-success')).toBe(id)
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
})
