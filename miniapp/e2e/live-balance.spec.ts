import { expect, type Page, test } from '@playwright/test'

import { apiToken, signUp, uniqueEmail } from './helpers'

/** Resolves once the page's real-time client is subscribed to its wallet channel (the hub keeps no history). */
function walletSubscribed(page: Page): Promise<void> {
  const lines = (payload: string | Buffer) => String(payload).split('\n').filter((line) => line.trim() !== '')
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let subscribeId: number | undefined
      socket.on('framesent', ({ payload }) => {
        for (const line of lines(payload)) {
          const command = JSON.parse(line) as { id?: number; subscribe?: { channel?: string } }
          if (command.subscribe?.channel?.startsWith('wallet:accounts#')) subscribeId = command.id
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

test('a deposit settled through the sandbox moves the header balance without a reload', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('deposit')
  const subscribed = walletSubscribed(page)
  await signUp(page, email)
  const balance = page.getByRole('banner').getByTestId('header-balance')
  await expect(balance).toHaveText('$0.00')
  const navigations: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url())
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
  expect(navigations).toEqual([])
})
