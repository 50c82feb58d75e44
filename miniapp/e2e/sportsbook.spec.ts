import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { enterAsNewPlayer, paidDeposit, seriousViolations } from './helpers'

/**
 * The sportsbook against the real stack: the sandbox's widget (`/sandbox/sportsbook/wsdk.js`) inside
 * the `/sport` pages, its router and the address following each other, a guest's bet asking for
 * sign-in, and a real bet: the stake leaves the balance live, the sandbox's result pays it live.
 */

interface BookEvent {
  id: number
  name: string
  home: string
  away: string
  sport: { id: number; code: string }
  outcomes: { outcome: string; odds: number }[]
}

/** An upcoming soccer event of the sandbox book, with its current odds. */
async function soccerEvent(request: APIRequestContext, skip = 0): Promise<BookEvent> {
  const response = await request.get('/api/sandbox/sportsbook/events', { params: { sportId: 66, live: false, limit: 20 } })
  expect(response.status()).toBe(200)
  const { events } = (await response.json()) as { events: BookEvent[] }
  const event = events[skip]
  if (!event) throw new Error('The sandbox book has no upcoming soccer events.')
  return event
}

/** The event's own page: `/sport/event/{id}`, which then names it in full. */
async function openEvent(page: Page, event: BookEvent): Promise<void> {
  await page.goto(`/sport/event/${String(event.id)}`)
  await expect(page).toHaveURL(new RegExp(`/sport/soccer/[a-z0-9-]+/[a-z0-9-]+/${String(event.id)}-[a-z0-9-]+$`))
  await expect(page.getByRole('heading', { level: 2, name: event.name })).toBeVisible()
}

const homeOdds = (page: Page, event: BookEvent) => page.getByRole('button', { name: new RegExp(`^${event.home} to win at `) })

test.describe('the sportsbook (guest)', () => {
  test('the widget’s moves become addresses, and an address moves the widget back', async ({ page }) => {
    await page.goto('/sport/soccer')
    await expect(page.getByRole('heading', { level: 2, name: 'Soccer' })).toBeVisible()
    await page.getByRole('button', { name: 'England · Premier League' }).click()
    await expect(page).toHaveURL(/\/sport\/soccer\/england\/premier-league$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Premier League' })).toBeVisible()

    const event = page.locator('article').first()
    const name = (await event.getByRole('button').first().textContent()) ?? ''
    await event.getByRole('button').first().click()
    await expect(page).toHaveURL(/\/sport\/soccer\/england\/premier-league\/\d+-[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()

    // The browser's back button: the address leads, the widget follows.
    await page.goBack()
    await expect(page.getByRole('heading', { level: 2, name: 'Premier League' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Sportsbook' }).getByRole('button', { name: 'Live' }).click()
    await expect(page).toHaveURL(/\/sport\/live$/)
  })

  test('an unknown sport, category or event lands on /sport', async ({ page }) => {
    for (const path of ['/sport/curling', '/sport/soccer/narnia', '/sport/event/999999999']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/sport$/)
      await expect(page.getByRole('heading', { level: 2, name: 'Sportsbook' })).toBeVisible()
    }
  })

  test('a guest’s bet asks to sign in, and the page stays where it was', async ({ page, request }) => {
    const event = await soccerEvent(request)
    await openEvent(page, event)
    await homeOdds(page, event).click()
    await expect(homeOdds(page, event)).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'Sign in to bet' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible()
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`/${String(event.id)}-`))
  })

  test('the global search finds an event and opens its page in the sportsbook', async ({ page, request }) => {
    const event = await soccerEvent(request, 3)
    await page.goto('/?global-search=true')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await dialog.getByRole('combobox').fill(event.home)
    await dialog.getByRole('option', { name: new RegExp(event.name) }).first().click()
    await expect(page).toHaveURL(/\/sport\/soccer\/[a-z0-9-]+\/[a-z0-9-]+\/\d+-[a-z0-9-]+$/)
    await expect(dialog).toBeHidden()
  })

  test('the home page’s carousels open an event', async ({ page }) => {
    await page.goto('/')
    // Below the game collections, which themselves load as they come into view: scroll until it is there.
    const top = page.getByRole('region', { name: 'Top events' })
    await expect(async () => {
      await page.mouse.wheel(0, 5_000)
      await expect(top).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    const first = top.getByRole('button').first()
    await expect(first).toBeVisible()
    await first.click()
    await expect(page).toHaveURL(/\/sport\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/\d+-[a-z0-9-]+$/)
    await expect(page.getByRole('region', { name: 'Live now' })).toHaveCount(0)
  })
})

for (const mode of ['web', 'telegram'] as const) {
  test.describe(`the sportsbook (${mode})`, () => {
    test('a single bet leaves the balance live, and its win arrives live once the sandbox settles it', async ({ page, request, baseURL }) => {
      const token = await enterAsNewPlayer(page, request, mode, baseURL ?? '', 'sport')
      await paidDeposit(request, token, 50_00)
      const balance = page.getByRole('banner').getByTestId('header-balance')
      await expect(balance).toHaveText('$50.00')

      const event = await soccerEvent(request, mode === 'web' ? 1 : 2)
      await openEvent(page, event)
      await homeOdds(page, event).click()
      await page.getByLabel('Stake (USD)').fill('10')
      await expect(page.getByText(/^Potential return: \d+\.\d\d USD$/)).toBeVisible()
      await page.getByRole('button', { name: 'Place bet' }).click()
      await expect(page.getByText(/^Bet #\d+ placed\.$/)).toBeVisible()
      await expect(balance).toHaveText('$40.00')

      const open = await request.get('/api/game/bets', { headers: { Authorization: `Bearer ${token}` }, params: { isSettled: false } })
      const { data } = (await open.json()) as { data: { id: number; amount: number }[] }
      expect(data).toMatchObject([{ amount: 10_00 }])

      const result = await request.post(`/api/sandbox/sport-events/${String(event.id)}/result`, { data: { outcome: '1' } })
      expect(result.status()).toBe(200)
      const settled = await request.get('/api/game/bets', { headers: { Authorization: `Bearer ${token}` }, params: { isSettled: true } })
      const [bet] = ((await settled.json()) as { data: { win: number }[] }).data
      expect(bet?.win).toBeGreaterThan(10_00)
      const win = bet?.win ?? 0
      await expect(balance).toHaveText(`$${((40_00 + win) / 100).toFixed(2)}`)

      await page.getByRole('navigation', { name: 'Sportsbook' }).getByRole('button', { name: 'My bets' }).click()
      await expect(page).toHaveURL(/\/sport\/betHistory$/)
      await expect(page.getByText(`Won ${(win / 100).toFixed(2)} USD`)).toBeVisible()
    })
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} palette`, () => {
    test.use({ colorScheme })

    test('the sport pages have no serious accessibility violations', async ({ page, request }) => {
      test.setTimeout(60_000)
      const event = await soccerEvent(request)
      for (const path of ['/sport', '/sport/soccer', '/sport/betHistory', `/sport/event/${String(event.id)}`]) {
        await page.goto(path)
        await expect(page.locator('[data-asb] [aria-busy="true"]')).toHaveCount(0)
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        expect(await seriousViolations(page), path).toEqual([])
      }
      await homeOdds(page, event).click()
      expect(await seriousViolations(page), 'the bet slip').toEqual([])
    })
  })
}
