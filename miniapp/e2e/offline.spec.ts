import { expect, test } from '@playwright/test'

test.use({ serviceWorkers: 'allow' })

test('the production build registers its service worker, and the app starts offline from its shell', async ({ page, context }) => {
  await page.goto('/')
  await expect(page.getByRole('banner')).toBeVisible()
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
  expect(new URL(script ?? 'http://x/').pathname).toBe('/sw.js')
  // The worker takes the open page (clients.claim) once it has cached the shell.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  // A page visited online: its chunks are kept as they are fetched.
  const cachedAssets = () =>
    page.evaluate(async () => {
      const names = await caches.keys()
      const requests = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat()
      return requests.map((request) => new URL(request.url).pathname).filter((path) => path.startsWith('/assets/')).length
    })
  const shellAssets = await cachedAssets()
  await page.goto('/games')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(cachedAssets).toBeGreaterThan(shellAssets)

  await context.setOffline(true)
  try {
    await page.reload()
    // The app itself ran (not only the static header of index.html): the home page says what failed and offers a retry.
    await expect(page.getByRole('button', { name: 'Retry' }).first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('banner')).toBeVisible()
    // Any address of the app starts from the shell: the app's own error page, not the browser's.
    // Its real-time client, loaded after the first paint, fails too; a failure reported once the browser
    // is back online reloads the page (spec: a chunk load error reloads to the target page), which would
    // cut off the reload below, so the test goes online only after it.
    const realtimeFailed = page.waitForEvent('console', (message) => message.text().startsWith('[realtime] the client did not load'))
    await page.goto('/games')
    await expect(page.getByRole('alert').getByText('This page did not load')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Retry' }).first()).toBeVisible()
    await realtimeFailed
  } finally {
    await context.setOffline(false)
  }
  // Back online, the page comes from the network again and its data loads.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)
})

test('the worker leaves the API alone: calls reach the platform, never a cache', async ({ page, context }) => {
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const fromWorker: string[] = []
  page.on('response', (response) => {
    if (response.fromServiceWorker() && new URL(response.url()).pathname.startsWith('/api/')) fromWorker.push(response.url())
  })
  await context.setOffline(false)
  await page.reload()
  await expect(page.getByRole('banner')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(fromWorker).toEqual([])
})
