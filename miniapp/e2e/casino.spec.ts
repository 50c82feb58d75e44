import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { channelSubscribed, enterAsNewPlayer, paidDeposit as deposit, seriousViolationsInBothPalettes } from './helpers'

/**
 * The casino against the real stack, in both launch modes: a browser visitor (web) and a player the
 * Telegram launch signs in (telegram). The sandbox slot runs inside the game page's frame.
 */
type Mode = 'web' | 'telegram'

const GAME = { identity: 'lucky-sevens', name: 'Lucky Sevens' }

/** Signs a new player in the way the mode does and answers a session token for API set-up. */
const enter = (page: Page, request: APIRequestContext, mode: Mode, baseURL: string) => enterAsNewPlayer(page, request, mode, baseURL, 'casino')

/** Dollars shown as `$12.34` (header) or `12.34 USD` (the slot), in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100)

const gameFrame = (page: Page, name = GAME.name) => page.frameLocator(`iframe[title="${name}, the game"]`)

/** Starts the game with `button`; on a phone the first start of a visit explains `mobile-game` first. */
async function start(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click()
  const phone = page.getByRole('dialog', { name: 'Playing on a phone' })
  await expect(phone).toBeVisible()
  await phone.getByRole('button', { name: 'Got it' }).click()
  await expect(phone).toBeHidden()
}

for (const mode of ['web', 'telegram'] as const) {
  test.describe(`the casino (${mode})`, () => {
    test('a visitor opens a game in demo and spins', async ({ page, request, baseURL }) => {
      if (mode === 'telegram') await enter(page, request, mode, baseURL ?? '')
      await page.goto(`/game/${GAME.identity}`)
      await expect(page.getByRole('heading', { level: 1, name: GAME.name })).toBeVisible()
      await start(page, 'Play demo')
      const frame = gameFrame(page)
      await expect(frame.getByText('Demo: virtual money')).toBeVisible()
      await frame.getByRole('button', { name: 'Spin' }).click()
      await expect(frame.getByRole('status')).toHaveText(/You win|No win this time/)
    })

    test('a player plays for real and the header balance follows each spin', async ({ page, request, baseURL }) => {
      const token = await enter(page, request, mode, baseURL ?? '')
      await deposit(request, token, 5000)
      const balance = page.getByRole('banner').getByTestId('header-balance')
      await expect(balance).toHaveText('$50.00')
      await page.goto(`/game/${GAME.identity}`)
      await start(page, 'Play for real')
      const frame = gameFrame(page)
      await expect(frame.getByText(/Real money/)).toBeVisible()
      for (let spin = 0; spin < 2; spin += 1) {
        const before = await frame.locator('#balance').textContent()
        await frame.getByRole('button', { name: 'Spin' }).click()
        await expect(frame.getByRole('status')).toHaveText(/You win|No win this time/)
        const after = (await frame.locator('#balance').textContent()) ?? ''
        // The slot's balance moved (a bet, maybe a win); the header follows it without a reload.
        await expect.poll(async () => cents((await balance.textContent()) ?? '')).toBe(cents(after))
        expect(before).toBeTruthy()
      }
      await expect(page.getByRole('region', { name: 'Your bets' }).getByRole('listitem').filter({ hasText: 'Bet placed' })).toHaveCount(2)

      // The recently-played list has the game.
      await page.goto('/recently-played')
      await expect(page.getByRole('list', { name: 'Recently played' }).getByRole('link', { name: GAME.name })).toBeVisible()
    })

    test("a player's first real spin that reaches a loyalty level shows one notice on the game page for 3 seconds", async ({
      page,
      request,
      baseURL,
    }) => {
      const token = await enter(page, request, mode, baseURL ?? '')
      await deposit(request, token, 60_000)
      const accounts = channelSubscribed(page, 'retention:accounts#')
      await page.goto(`/game/${GAME.identity}`)
      await start(page, 'Play for real')
      await expect(gameFrame(page).getByText(/Real money/)).toBeVisible()
      await accounts

      // The slot's own bets stop at $10 and 100 points (Silver) take $100 wagered (1 point a dollar), so
      // these real spins go through the slot's API, in a session of the same game.
      const headers = { Authorization: `Bearer ${token}` }
      const launched = await request.post(`/api/game/games/${GAME.identity}/play`, { headers, data: { demoMode: false } })
      const { token: session } = (await launched.json()) as { token: string }
      const spin = async (amount: number) => {
        expect((await request.post(`/api/sandbox/game-sessions/${session}/spins`, { headers, data: { amount } })).status()).toBe(200)
      }

      for (const [amount, level] of [
        [10_000, 'Silver'],
        [40_000, 'Gold'],
      ] as const) {
        const spun = Date.now()
        await spin(amount)
        // One in-page notice (the loyaltyLevel modal is for the other pages), gone after 3 seconds.
        const notice = page.getByRole('status').filter({ hasText: level })
        await expect(notice).toHaveCount(1)
        await expect(page.getByRole('dialog', { name: `You reached ${level}!` })).toHaveCount(0)
        await expect(notice).toHaveCount(0, { timeout: 6_000 })
        expect(Date.now() - spun).toBeGreaterThanOrEqual(3_000)
      }
    })

    test('a game licensed elsewhere shows game-geo-restricted', async ({ page, request, baseURL }) => {
      const restricted = await request.get('/api/game/games', { params: { collection: 'brazil-hits', perPage: 1 }, headers: { 'cf-ipcountry': 'BR' } })
      expect(restricted.status()).toBe(200)
      const [game] = ((await restricted.json()) as { data: { identity: string; name: string }[] }).data
      if (!game) throw new Error('The sandbox catalogue has no country-limited game.')
      if (mode === 'telegram') await enter(page, request, mode, baseURL ?? '')
      await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' })
      await page.goto(`/game/${game.identity}`)
      await page.getByRole('button', { name: 'Play demo' }).click()
      const dialog = page.getByRole('dialog', { name: 'Not available in your country' })
      await expect(dialog).toBeVisible()
      await expect(page).toHaveURL(/[?&]game-geo-restricted=true/)
      await expect(page.locator('iframe')).toHaveCount(0)
    })

    test('a self-excluded player gets game-limit-reached', async ({ page, request, baseURL }) => {
      const token = await enter(page, request, mode, baseURL ?? '')
      const limit = await request.post('/api/player/limits', { headers: { Authorization: `Bearer ${token}` }, data: { definition: 4, days: 1 } })
      expect(limit.status()).toBeLessThan(300)
      await page.goto(`/game/${GAME.identity}`)
      await page.getByRole('button', { name: 'Play for real' }).click()
      const dialog = page.getByRole('dialog', { name: 'You have reached a limit' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('link', { name: 'See your limits' })).toHaveAttribute('href', '/profile/limits')
      await expect(page.locator('iframe')).toHaveCount(0)
    })

    test('a favourite stays on /favorites after a reload', async ({ page, request, baseURL }) => {
      await enter(page, request, mode, baseURL ?? '')
      await page.goto(`/game/${GAME.identity}`)
      // The heart turns at once (optimistic); a full page load before the platform has answered would
      // abort the request, so the test waits for the answer as a player's next tap would not need to.
      const saved = page.waitForResponse((response) => response.url().endsWith('/favorite') && response.request().method() === 'POST')
      await page.getByRole('button', { name: `Add ${GAME.name} to favourites` }).click()
      await expect(page.getByRole('button', { name: `Remove ${GAME.name} from favourites` })).toHaveAttribute('aria-pressed', 'true')
      expect((await saved).status()).toBe(204)
      await page.goto('/favorites')
      const favourite = page.getByRole('list', { name: 'Favourites' }).getByRole('link', { name: GAME.name })
      // Loaded first: a reload that lands while the page is still starting can sign a web player out
      // (seen once in ten runs; noted on the issue), which is not what this test is about.
      await expect(favourite).toBeVisible()
      await page.reload()
      await expect(favourite).toBeVisible()
    })

    test('global search finds a game by part of its name and keeps the search', async ({ page, request, baseURL }) => {
      await enter(page, request, mode, baseURL ?? '')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' }).click()
      const dialog = page.getByRole('dialog', { name: 'Search' })
      const input = dialog.getByRole('combobox', { name: 'Search games and sport events' })
      await input.fill('sevens')
      await expect(dialog.getByRole('option', { name: /Lucky Sevens/ })).toBeVisible()
      // Keyboard: the first result, then Enter opens it.
      await input.press('ArrowDown')
      await input.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/game/${GAME.identity}$`))
      await expect(dialog).toBeHidden()

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' }).click()
      await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('button', { name: 'sevens', exact: true })).toBeVisible()
    })

    test('listing filters narrow the grid and survive a reload', async ({ page, request, baseURL }) => {
      if (mode === 'telegram') await enter(page, request, mode, baseURL ?? '')
      await page.goto('/games/category-slots')
      await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible()
      const count = page.getByText(/^\d+ games$/)
      const all = cents(await count.textContent() ?? '') / 100
      expect(all).toBeGreaterThan(24)

      await page.getByRole('button', { name: 'Filters' }).click()
      const dialog = page.getByRole('dialog', { name: 'Filter games' })
      // A provider's box: the features may be listed before the providers have loaded.
      await dialog.getByRole('group', { name: 'Providers' }).getByRole('checkbox').first().check()
      await dialog.getByRole('button', { name: 'Show games' }).click()
      await expect(page).toHaveURL(/\/games\/category-slots\/provider-[a-z0-9-]+$/)
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
      const narrowed = async () => cents((await count.textContent()) ?? '') / 100
      await expect.poll(narrowed).toBeLessThan(all)
      const filtered = await narrowed()

      await page.reload()
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
      await expect.poll(narrowed).toBe(filtered)
      expect(await page.getByRole('list', { name: 'Games' }).getByRole('listitem').count()).toBeLessThanOrEqual(filtered)
    })
  })
}

test('an unknown game is the not-found page and an unreadable listing offers the lobby', async ({ page }) => {
  await page.goto('/game/no-such-game-anywhere')
  await expect(page.getByText('Page not found: /game/no-such-game-anywhere')).toBeVisible()
  await page.goto('/games/whatever/else')
  await expect(page.getByText('We could not read this listing')).toBeVisible()
  await page.getByRole('link', { name: 'Back to the lobby' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Casino' })).toBeVisible()
})

test('the lobby does not move while its strips load: the providers, the latest wins (or none yet) and the rows', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as Window & { __shifts?: number[] }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/games')
  const lobby = page.getByRole('main')
  await expect(lobby.getByRole('region', { name: 'Providers' }).getByRole('link').first()).toBeVisible()
  await expect(lobby.getByRole('region', { name: 'Latest wins' })).toHaveAttribute('aria-busy', 'false')
  await expect(lobby.locator('section img[data-loaded]').first()).toBeAttached()
  await page.waitForLoadState('networkidle')
  // Lighthouse counts 0.04 as a layout shift worth reporting; the lobby's placeholders had collapsed by that much.
  const shifted = await page.evaluate(() => ((window as Window & { __shifts?: number[] }).__shifts ?? []).reduce((sum, value) => sum + value, 0))
  expect(shifted).toBeLessThan(0.005)
})

test('a long listing keeps only the rows near the screen in the page and brings the others as it scrolls', async ({ page }) => {
  await page.goto('/games/sort-popular')
  const grid = page.getByRole('list', { name: 'Games' })
  const tiles = grid.getByRole('listitem')
  await expect(tiles.first()).toBeVisible()
  const loaded = async () => Number(await tiles.first().getAttribute('aria-setsize'))
  // Scrolling to the end loads page after page (24 games each).
  while ((await loaded()) < 96) {
    const before = await loaded()
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight)
    })
    await expect.poll(loaded).toBeGreaterThan(before)
  }
  // Far down the listing: the first rows have left the page, the rows on screen are there.
  await expect(grid.locator('li[aria-posinset="1"]')).toHaveCount(0)
  await expect(tiles.first()).not.toBeInViewport()
  const total = await loaded()
  expect(await tiles.count()).toBeLessThan(total)

  await page.evaluate(() => {
    window.scrollTo(0, 0)
  })
  await expect(grid.locator('li[aria-posinset="1"]')).toBeInViewport()
  await expect(grid.locator(`li[aria-posinset="${String(total)}"]`)).toHaveCount(0)
  expect(await tiles.count()).toBeLessThan(total)
  // The keyboard walks the tiles in order: the next one is always there to take the focus.
  await grid.locator('li[aria-posinset="1"]').getByRole('link').focus()
  for (let step = 0; step < 40; step += 1) await page.keyboard.press('Tab')
  await expect(page.locator(':focus')).toBeInViewport()
  expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset'))).toBe('21')
})

const CASINO_MODALS = {
  categories: 'Categories',
  'games-filter': 'Filter games',
  'global-search': 'Search',
  'demo-game': 'Demo mode',
  'demo-unavailable': 'No demo for this game',
  'mobile-game': 'Playing on a phone',
  'game-geo-restricted': 'Not available in your country',
  'game-limit-reached': 'You have reached a limit',
} as const

test.describe("the casino's screens in both palettes", () => {
  // Many pages and modals per test, each waiting for the start-up preloader to go and checked twice.
  test.setTimeout(180_000)

  test('have no serious or critical accessibility violations', async ({ page }) => {
    const pages: [string, () => Promise<void>][] = [
      ['/games', () => expect(page.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first()).toBeVisible({ timeout: 15_000 })],
      ['/games/category-slots', () => expect(page.getByRole('list', { name: 'Games' }).getByRole('listitem').first()).toBeVisible({ timeout: 15_000 })],
      ['/games/providers', () => expect(page.getByRole('link', { name: /games$/ }).first()).toBeVisible({ timeout: 15_000 })],
      [`/game/${GAME.identity}`, () => expect(page.getByRole('button', { name: 'Play demo' })).toBeVisible({ timeout: 15_000 })],
      ['/favorites', () => expect(page.getByText('Sign in to see your favourites')).toBeVisible({ timeout: 15_000 })],
      ['/recently-played', () => expect(page.getByText('Nothing played yet')).toBeVisible({ timeout: 15_000 })],
    ]
    for (const [path, ready] of pages) {
      await page.goto(path)
      await ready()
      await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 15_000 })
      expect({ path, violations: await seriousViolationsInBothPalettes(page) }).toEqual({ path, violations: { light: [], dark: [] } })
    }
  })

  test('every casino modal opens from its query as a named dialog without violations', async ({ page }) => {
    for (const [key, name] of Object.entries(CASINO_MODALS)) {
      await page.goto(`/games/category-slots?${key}=true`)
      await expect(page.getByRole('dialog', { name })).toBeVisible({ timeout: 15_000 })
      await expect(page.locator('#preloader')).toHaveCount(0, { timeout: 15_000 })
      expect({ key, violations: await seriousViolationsInBothPalettes(page) }).toEqual({ key, violations: { light: [], dark: [] } })
    }
  })
})
