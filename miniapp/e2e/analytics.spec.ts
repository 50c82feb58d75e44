import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test'

import { apiToken, channelSubscribed, paidDeposit, signUp, uniqueEmail } from './helpers'

/** The pixel beacons this page sends from now on, by action id (the sandbox's collector receives them). */
function beaconsOf(page: Page): Map<string, Request> {
  const seen = new Map<string, Request>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/sandbox/pixel') seen.set(url.searchParams.get('action') ?? '', request)
  })
  return seen
}

/** What the sandbox's pixel host kept of the beacon `request` carried. */
async function received(api: APIRequestContext, request: Request | undefined): Promise<Record<string, unknown>> {
  expect(request).toBeDefined()
  const nonce = new URL(request?.url() ?? 'http://x').searchParams.get('r') ?? ''
  // The page reports a beacon when it sends it; the host may not have kept it yet.
  let data: Record<string, unknown>[] = []
  await expect
    .poll(async () => {
      const response = await api.get(`/api/sandbox/pixel-beacons?nonce=${nonce}`)
      expect(response.status()).toBe(200)
      data = ((await response.json()) as { data: Record<string, unknown>[] }).data
      return data.length
    })
    .toBe(1)
  return data[0] ?? {}
}

test('with all cookies accepted, a visit, a registration and a first deposit reach the pixel host with the spec’s ids and the device fields', async ({ page, request, baseURL }) => {
  const beacons = beaconsOf(page)
  await page.goto('/')
  // Nothing goes to the pixel before the visitor chooses.
  await page.waitForTimeout(500)
  expect(beacons.size).toBe(0)
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept all' }).click()
  await expect.poll(() => beacons.has('80')).toBe(true)
  const visit = await received(request, beacons.get('80'))
  expect(visit).toMatchObject({ action: 80, label: 5, screen: expect.stringMatching(/^\d+x\d+$/), plugins: expect.any(Number), mimeTypes: expect.any(Number), hardwareThreads: expect.any(Number) })
  expect(visit.timeZoneOffset).toBe(await page.evaluate(() => new Date().getTimezoneOffset()))

  const email = uniqueEmail('pixel')
  await signUp(page, email)
  await expect.poll(() => beacons.has('81')).toBe(true)
  expect(await received(request, beacons.get('81'))).toMatchObject({ action: 81, label: 1 })
  // A reload is the same visit: no second visit beacon.
  beacons.clear()
  // The deposit's success comes as a push, which the hub does not keep: pay once the page listens.
  const invoices = channelSubscribed(page, 'payment:invoices#')
  await page.reload()
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
  await invoices

  await paidDeposit(request, await apiToken(baseURL ?? '', email), 25_00)
  await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
  await expect.poll(() => beacons.has('83') && beacons.has('89')).toBe(true)
  expect(await received(request, beacons.get('83'))).toMatchObject({ action: 83, label: 2 })
  expect(await received(request, beacons.get('89'))).toMatchObject({ action: 89, label: 4 })
  expect(beacons.has('80')).toBe(false)
})

test('a visitor who keeps to the necessary cookies sends the pixel nothing, registration included', async ({ page }) => {
  const beacons = beaconsOf(page)
  await page.goto('/')
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Necessary only' }).click()
  await signUp(page, uniqueEmail('private'))
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
  await page.waitForTimeout(1_000)
  expect([...beacons.keys()]).toEqual([])
})
