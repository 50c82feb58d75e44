import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { emulateTelegramHost, enterAsNewPlayer, lastTelegramEvent, paidDeposit, seriousViolations, seriousViolationsInBothPalettes } from './helpers'

/**
 * The sportsbook against the real stack: the sandbox's widget (`/sandbox/sportsbook/wsdk.js`) inside
 * the `/sport` pages, its router and the address following each other, a guest's bet asking for
 * sign-in, and a real bet: the stake leaves the balance live, the sandbox's result pays it live.
 */

interface BookEvent {
  id: number
  name: string
  startsAt: string
  home: string
  away: string
  sport: { id: number; code: string }
  outcomes: { outcome: string; odds: number }[]
}

/**
 * The book is shared by every worker, and an event with a result leaves the upcoming list (the later
 * ones move up): a test that bets on or settles an event keeps to its own lane, the events whose id
 * leaves its remainder by the number of lanes, so no test running at the same time on another worker
 * can pick (or settle) the same one. Tests that only look at an event use the look-only lane, where
 * nobody bets.
 */
const LANE = { lookOnly: 0, webBet: 1, telegramBet: 2, robotCheck: 3, results: 4 } as const
const LANES = Object.keys(LANE).length

/** The `nth` upcoming soccer event of the sandbox book in `lane`, with its current odds. */
async function soccerEvent(request: APIRequestContext, lane: number = LANE.lookOnly, nth = 0): Promise<BookEvent> {
  const response = await request.get('/api/sandbox/sportsbook/events', { params: { sportId: 66, live: false, limit: 100 } })
  expect(response.status()).toBe(200)
  const { events } = (await response.json()) as { events: BookEvent[] }
  const event = events.filter(({ id }) => id % LANES === lane)[nth]
  if (!event) throw new Error(`The sandbox book has no upcoming soccer event in lane ${String(lane)}.`)
  return event
}

/** The event's own page: `/sport/event/{id}`, which then names it in full. */
async function openEvent(page: Page, event: BookEvent): Promise<void> {
  await page.goto(`/sport/event/${String(event.id)}`)
  await expect(page).toHaveURL(new RegExp(`/sport/soccer/[a-z0-9-]+/[a-z0-9-]+/${String(event.id)}-[a-z0-9-]+$`))
  await expect(page.getByRole('heading', { level: 2, name: event.name })).toBeVisible()
}

/**
 * The robot check of a signed-in player's sportsbook start (the stack's captcha is the sandbox's v2
 * checkbox): the widget shows the book meanwhile, and the tick starts the betting session.
 */
async function passRobotCheck(page: Page): Promise<void> {
  const check = page.getByRole('region', { name: 'Confirm you are not a robot to bet' })
  await expect(check).toBeVisible()
  // The box is drawn again when the palette changes (Telegram's theme arrives after start-up): tick the
  // one that is there until the session has started.
  await expect(async () => {
    if (await check.isVisible()) await check.getByRole('checkbox', { name: 'I’m not a robot' }).check({ timeout: 5_000 })
    await expect(check).toBeHidden({ timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
}

/** A tap on Telegram's Main Button, as the host reports it. */
async function pressMainButton(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { Telegram: { WebView: { receiveEvent: (type: string) => void } } }).Telegram.WebView.receiveEvent('main_button_pressed')
  })
}

/** The platform's VIRTUAL_CYCLE_MINUTES: a virtual championship kicks off a match every five minutes. */
const VIRTUAL_CYCLE_MS = 5 * 60_000

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
    const event = await soccerEvent(request, LANE.lookOnly, 1)
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

      const event = await soccerEvent(request, mode === 'web' ? LANE.webBet : LANE.telegramBet)
      await openEvent(page, event)
      await passRobotCheck(page)
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

test('a signed-in player’s betting session starts only once the robot check passes; a failed tick is refused and can be ticked again', async ({ page, request, baseURL }) => {
  const token = await enterAsNewPlayer(page, request, 'web', baseURL ?? '', 'sport-robot')
  await paidDeposit(request, token, 20_00)
  const event = await soccerEvent(request, LANE.robotCheck)
  await openEvent(page, event)
  const check = page.getByRole('region', { name: 'Confirm you are not a robot to bet' })
  await expect(check).toBeVisible()
  expect(await seriousViolations(page), 'the robot check').toEqual([])
  // Without a session the widget's bet asks for the check, not for a sign-in, and leads to it.
  await homeOdds(page, event).click()
  await expect(page.getByRole('button', { name: 'Sign in to bet' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Confirm you are not a robot to bet' }).click()
  await expect(check).toBeFocused()
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0)

  // The sandbox's widget fails on demand: the platform refuses the start on its captcha field.
  await check.getByRole('combobox', { name: 'Sandbox answer' }).selectOption('fail')
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/game/games/altenar-sportsbook/play'))
  // A click, not check(): the refusal clears the box again, perhaps before check() could see it ticked.
  await check.getByRole('checkbox', { name: 'I’m not a robot' }).click()
  expect((await refused).status()).toBe(422)
  await expect(check.getByText('The robot check did not pass. Tick the box again.')).toBeVisible()
  await expect(check.getByRole('checkbox', { name: 'I’m not a robot' })).not.toBeChecked()

  await check.getByRole('combobox', { name: 'Sandbox answer' }).selectOption('pass')
  await passRobotCheck(page)
  await page.getByLabel('Stake (USD)').fill('5')
  await page.getByRole('button', { name: 'Place bet' }).click()
  await expect(page.getByText(/^Bet #\d+ placed\.$/)).toBeVisible()
})

test('in Telegram the sport pages put “Deposit” on the Main Button, which opens the wallet, and hide it when the player leaves', async ({ page, request, baseURL }) => {
  await page.addInitScript(emulateTelegramHost)
  await enterAsNewPlayer(page, request, 'telegram', baseURL ?? '', 'sport-main-button')
  const mainButton = () => lastTelegramEvent(page, 'web_app_setup_main_button')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sport' }).click()
  await expect(page).toHaveURL(/\/sport$/)
  await expect.poll(mainButton).toMatchObject({ text: 'Deposit', is_visible: true, is_active: true })
  await pressMainButton(page)
  await expect(page.getByRole('dialog', { name: 'Deposit' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect.poll(mainButton).toMatchObject({ text: 'Deposit', is_visible: true })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
  await expect.poll(mainButton).toMatchObject({ is_visible: false })
})

test.describe('the widget’s results, settings and virtual pages', () => {
  test('a finished event shows its final score in the results, and its details by address', async ({ page, request }) => {
    const event = await soccerEvent(request, LANE.results)
    const result = await request.post(`/api/sandbox/sport-events/${String(event.id)}/result`, { data: { outcome: '1' } })
    expect(result.status()).toBe(200)
    await page.goto('/sport')
    await page.getByRole('navigation', { name: 'Sportsbook' }).getByRole('button', { name: 'Results' }).click()
    await expect(page).toHaveURL(/\/sport\/results$/)
    const finished = page.getByRole('article', { name: event.name })
    await expect(finished.getByText(new RegExp(`^Final score: ${event.home} (\\d+)–(\\d+) ${event.away}$`))).toBeVisible()
    await finished.getByRole('button', { name: `Details of ${event.name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/sport/resultDetails\\?eventId=${String(event.id)}$`))
    await expect(page.getByText(`Winner: ${event.home}`)).toBeVisible()
    // The address alone opens it again.
    await page.reload()
    await expect(page.getByRole('heading', { level: 2, name: event.name })).toBeVisible()
    await expect(page.getByText(`Winner: ${event.home}`)).toBeVisible()
  })

  test('the odds format chosen in the settings applies to every odds display and is kept', async ({ page, request }) => {
    const event = await soccerEvent(request)
    await page.goto('/sport/settings')
    const format = page.getByRole('group', { name: 'Odds format' })
    await expect(format.getByRole('radio', { name: 'Decimal (2.50)' })).toBeChecked()
    // By keyboard: the radios are one tab stop, arrows move the choice.
    await format.getByRole('radio', { name: 'Decimal (2.50)' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(format.getByRole('radio', { name: 'Fractional (3/2)' })).toBeChecked()
    await expect(page.getByText('Saved. Odds now show as Fractional (3/2).')).toBeVisible()
    await openEvent(page, event)
    await expect(homeOdds(page, event)).toHaveAccessibleName(new RegExp(`^${event.home} to win at \\d+/\\d+$`))
    await page.goto('/sport/settings')
    await page.getByRole('radio', { name: 'American (+150)' }).check()
    await page.reload()
    await expect(page.getByRole('radio', { name: 'American (+150)' })).toBeChecked()
    await page.goto('/sport')
    const top = page.getByRole('region', { name: 'Top events' })
    await expect(top.getByText(/ [+-]\d+/).first()).toBeVisible()
  })

  for (const mode of ['web', 'telegram'] as const) {
    test(`a bet on a virtual match is settled once its result is in, and the result shows on the virtual page (${mode})`, async ({ page, request, baseURL }) => {
      const token = await enterAsNewPlayer(page, request, mode, baseURL ?? '', 'virtual')
      await paidDeposit(request, token, 20_00)
      const balance = page.getByRole('banner').getByTestId('header-balance')
      await expect(balance).toHaveText('$20.00')
      await page.goto('/sport/virtual')
      await expect(page.getByRole('heading', { level: 2, name: 'Virtual sports' })).toBeVisible()
      await passRobotCheck(page)
      const response = await request.get('/api/sandbox/sportsbook/events', { params: { isVirtual: true, live: false, limit: 5 } })
      const { events } = (await response.json()) as { events: BookEvent[] }
      // The web and the Telegram test may run at once on two workers and must not bet on (and settle) the
      // same match: each keeps to the matches that start in its own half of the cycles (consecutive ones
      // alternate), and takes the latest of them, which has the most time left to bet on.
      const cycle = (startsAt: string) => Math.floor(Date.parse(startsAt) / VIRTUAL_CYCLE_MS) % 2
      const match = events.filter(({ startsAt }) => cycle(startsAt) === (mode === 'web' ? 0 : 1)).at(-1)
      if (!match) throw new Error(`The sandbox schedules no virtual match in the ${mode} test's half of the cycles.`)
      // Virtual teams meet again and again: the match's own home button.
      await page.locator(`[data-event="${String(match.id)}"][data-outcome="1"]`).click()
      await page.getByLabel('Stake (USD)').fill('5')
      await page.getByRole('button', { name: 'Place bet' }).click()
      await expect(page.getByText(/^Bet #\d+ placed\.$/)).toBeVisible()
      await expect(balance).toHaveText('$15.00')

      const result = await request.post(`/api/sandbox/sport-events/${String(match.id)}/result`, { data: { outcome: '1' } })
      expect(result.status()).toBe(200)
      // Once: the keeper's own result for it later is refused, and nothing is paid again.
      expect((await request.post(`/api/sandbox/sport-events/${String(match.id)}/result`, { data: { outcome: '2' } })).status()).toBe(409)
      const settled = await request.get('/api/game/bets', { headers: { Authorization: `Bearer ${token}` }, params: { isSettled: true } })
      const [bet] = ((await settled.json()) as { data: { win: number }[] }).data
      const win = bet?.win ?? 0
      expect(win).toBeGreaterThan(5_00)
      await expect(balance).toHaveText(`$${((15_00 + win) / 100).toFixed(2)}`)
      await page.reload()
      await expect(page.getByRole('article', { name: match.name }).first().getByText(/^Final score: /)).toBeVisible()
    })
  }
})

test('the sport cards lead to their sports, with the catalogue’s artwork', async ({ page, request }) => {
  await page.goto('/sport')
  const sports = page.getByRole('region', { name: 'Sports' })
  await expect(sports.getByRole('link')).toHaveCount(7)
  const picture = await sports.getByRole('link', { name: 'Basketball' }).locator('img').getAttribute('src')
  const art = await request.get(picture ?? '')
  expect(art.status()).toBe(200)
  expect(art.headers()['content-type']).toBe('image/png')
  await sports.getByRole('link', { name: 'Basketball' }).click()
  await expect(page).toHaveURL(/\/sport\/basketball$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Basketball' })).toBeVisible()
  await expect(page.getByTestId('sport-backdrop')).toBeVisible()
})

test('the sport pages have no serious accessibility violations in either palette', async ({ page, request }) => {
  // Seven pages, each checked whole in both palettes, on a loaded two-core machine.
  test.setTimeout(180_000)
  const event = await soccerEvent(request)
  // The widget is told the palette and redraws in it.
  const settled = () => expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  for (const path of ['/sport', '/sport/soccer', '/sport/betHistory', '/sport/results', '/sport/virtual', '/sport/settings', `/sport/event/${String(event.id)}`]) {
    await page.goto(path)
    await expect(page.locator('[data-asb] [aria-busy="true"]')).toHaveCount(0)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    expect(await seriousViolationsInBothPalettes(page, settled), path).toEqual({ light: [], dark: [] })
  }
  await homeOdds(page, event).click()
  expect(await seriousViolationsInBothPalettes(page), 'the bet slip').toEqual({ light: [], dark: [] })
})
