import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { apiToken, channelSubscribed, closeDepositSuccess, newTelegramUserId, paidDeposit as deposit, seriousViolations, seriousViolationsInBothPalettes, signUpViaApi, uniqueEmail } from './helpers'

/**
 * Retention against the real stack: bonuses issued by a deposit and wagered by real spins, bonus codes,
 * the loyalty level-up, and notifications, each arriving live over the player's channels.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/** Real-money spins of the sandbox slot, as its page makes them: a game session, then one call per spin. */
async function spin(request: APIRequestContext, token: string, amount: number, times = 1): Promise<void> {
  const launched = await request.post('/api/game/games/lucky-sevens/play', { headers: auth(token), data: { demoMode: false } })
  expect(launched.status()).toBe(200)
  const { token: session } = (await launched.json()) as { token: string }
  for (let index = 0; index < times; index += 1) {
    const played = await request.post(`/api/sandbox/game-sessions/${session}/spins`, { headers: auth(token), data: { amount } })
    expect(played.status()).toBe(200)
  }
}

async function newPlayer(page: Page, baseURL: string | undefined, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix)
  await signUpViaApi(page, email)
  return apiToken(baseURL ?? '', email)
}

test.describe('bonuses', () => {
  test('a deposit issues a deposit bonus that appears live; activated, real spins move its wagering bar', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await newPlayer(page, baseURL, 'bonus-live')
    const bonuses = channelSubscribed(page, 'bonus:player-bonuses#')
    const invoices = channelSubscribed(page, 'payment:invoices#')
    await page.goto('/bonuses')
    await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible()
    await expect(page.getByText('No bonuses yet')).toBeVisible()
    await Promise.all([bonuses, invoices])

    await deposit(request, token, 2000)
    await closeDepositSuccess(page)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Welcome bonus 100%' }) })
    await expect(card).toBeVisible()
    await expect(card).toContainText('$20.00')
    await expect(card).toContainText('Not activated')
    await expect(page.getByTestId('bonuses-sum')).toHaveText('$20.00')

    await card.getByRole('button', { name: 'Activate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Activate this bonus?' })
    await expect(confirm).toContainText('Wager $200.00')
    await confirm.getByRole('button', { name: 'Activate' }).click()
    await expect(confirm).toBeHidden()
    const bar = card.getByRole('progressbar', { name: 'Wagered of Welcome bonus 100%' })
    await expect(bar).toHaveAttribute('aria-valuenow', '0')
    await expect(card).toContainText('Wagered $0.00 of $200.00')

    await spin(request, token, 500, 2)
    await expect(card).toContainText('Wagered $10.00 of $200.00')
    await expect(bar).toHaveAttribute('aria-valuenow', '5')

    // Activating it again is the platform's call: it refuses, and the refusal is explained.
    await page.goto(`/bonuses?confirm-bonus=bonus-${(await card.getAttribute('data-testid'))?.split('-')[1] ?? ''}-activate`)
    await page.getByRole('dialog', { name: 'Activate this bonus?' }).getByRole('button', { name: 'Activate' }).click()
    await expect(page.getByRole('dialog', { name: 'The bonus cannot be activated' })).toContainText('This bonus is already active.')
  })

  test('a bonus code the platform does not know shows "incorrect"; garbage never reaches it', async ({ page, baseURL }) => {
    await newPlayer(page, baseURL, 'bonus-code')
    await page.goto('/bonuses')
    await page.getByRole('button', { name: 'I have a bonus code' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bonus code' })
    await dialog.getByLabel('Code').fill('NO-SUCH-CODE')
    await dialog.getByRole('button', { name: 'Apply code' }).click()
    await expect(dialog.getByText('This bonus code is incorrect.')).toBeVisible()

    let calls = 0
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/game/bonuses/bonuscodes') && sent.method() === 'POST') calls += 1
    })
    await dialog.getByLabel('Code').fill('<script>')
    await dialog.getByRole('button', { name: 'Apply code' }).click()
    await expect(dialog.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toBe(0)

    // A real code issues its free spins, which arrive on the page live.
    await dialog.getByLabel('Code').fill('SPINS50')
    await dialog.getByRole('button', { name: 'Apply code' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { name: '50 free spins on Lucky Sevens' })).toBeVisible()
  })
})

test('a level-up opens the loyaltyLevel modal', async ({ page, request, baseURL }) => {
  const token = await newPlayer(page, baseURL, 'loyalty')
  const accounts = channelSubscribed(page, 'retention:accounts#')
  await page.goto('/bonuses')
  await expect(page.getByTestId('loyalty-level')).toHaveText('Bronze')
  await accounts
  await deposit(request, token, 20_000)
  // 1 point per dollar wagered: 100 points reach Silver.
  await spin(request, token, 10_000)
  const dialog = page.getByRole('dialog', { name: 'You reached Silver!' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('loyalty-level')).toHaveText('Silver')
  await expect(dialog.getByRole('progressbar', { name: 'Progress to the next level' })).toBeVisible()
})

test('a new notification raises the bell count live and reading it lowers it', async ({ page, request, baseURL }) => {
  const token = await newPlayer(page, baseURL, 'bell')
  const notifications = channelSubscribed(page, 'messenger:notifications#')
  const invoices = channelSubscribed(page, 'payment:invoices#')
  await page.goto('/')
  await Promise.all([notifications, invoices])
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  await deposit(request, token, 2000)
  await closeDepositSuccess(page)
  // The deposit and the bonus it issued: two messages.
  const bell = header.getByRole('button', { name: 'Notifications, 2 unread' })
  await expect(bell).toBeVisible()
  await bell.click()
  const popover = page.getByRole('region', { name: 'Latest notifications' })
  await expect(popover.getByRole('listitem')).toHaveCount(2)
  await popover.getByRole('button', { name: 'Mark as read' }).first().click()
  await expect(header.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible()

  await popover.getByRole('button', { name: 'See all' }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true')
  await panel.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(header.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  // Pushes: reading one lowers the unread count at once; the id is sent in a batch.
  await panel.getByRole('tab', { name: 'Alerts' }).click()
  await expect(panel.getByTestId('pushes-unread')).toHaveText('2 unread')
  const sent = page.waitForRequest((sentRequest) => sentRequest.url().endsWith('/api/notification/pushes/read'))
  await panel.getByRole('button', { name: 'Mark as read' }).first().click()
  await expect(panel.getByTestId('pushes-unread')).toHaveText('1 unread')
  expect((await sent).postDataJSON()).toEqual({ pushIds: [expect.any(Number)] })
})

test('the retention screens have no serious accessibility violations in either palette', async ({ page, request, baseURL }) => {
  // Ten screens, each checked whole in both palettes, on a phone-sized page.
  test.setTimeout(240_000)
  const token = await newPlayer(page, baseURL, 'axe')
  await deposit(request, token, 2000)
  await page.goto('/bonuses')
  await expect(page.getByRole('heading', { name: 'Welcome bonus 100%' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByTestId('loyalty-level')).toBeVisible()
  await expect(page.locator('#preloader')).toHaveCount(0)
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })

  await page.getByRole('button', { name: /^Notifications/ }).click()
  await expect(page.getByRole('region', { name: 'Latest notifications' }).getByRole('listitem').first()).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  await page.getByRole('button', { name: 'See all' }).click()
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })

  const bonusId = ((await page.locator('[data-testid^="bonus-"]').first().getAttribute('data-testid')) ?? '').replace('bonus-', '')
  for (const query of [
    'get-code=true',
    'loyaltyLevel=Silver',
    'package-bonus=2',
    'quests-hub=true',
    `confirm-bonus=bonus-${bonusId}-activate`,
    `bonus-details=bonus-${bonusId}`,
    `bonus-condition=bonus-${bonusId}`,
  ]) {
    await page.goto(`/bonuses?${query}`)
    await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page.getByRole('dialog').locator('.skeleton')).toHaveCount(0)
    expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  }
})

test('a second player launched from a referral link appears on the first player’s /referral page, and their deposit earns a share', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await newPlayer(page, baseURL, 'referrer')
  await page.goto('/referral')
  const link = (await page.getByTestId('referral-link').textContent()) ?? ''
  const referrerId = /ref(?:_|_id=)(\d+)/.exec(link)?.[1]
  expect(referrerId).toBeTruthy()
  await expect(page.getByText('Nobody yet')).toBeVisible()

  const minted = await request.post('/sandbox/telegram/init-data', {
    data: { id: newTelegramUserId(), first_name: 'Invitee', start_param: `ref_${referrerId ?? ''}` },
  })
  expect(minted.status()).toBe(200)
  const { launchUrl } = (await minted.json()) as { launchUrl: string }
  const friend = await browser.newPage()
  const login = friend.waitForResponse((response) => response.url().endsWith('/api/player/tg_login') && response.status() === 200)
  await friend.goto(launchUrl)
  const { accessToken } = (await (await login).json()) as { accessToken: string }
  await friend.close()

  await page.reload()
  const invited = page.getByRole('region', { name: 'Invited friends' })
  await expect(invited.getByRole('listitem')).toHaveCount(1)
  await expect(invited).toContainText('Invitee')
  await expect(invited).toContainText('Signed up')

  await deposit(request, accessToken, 2000)
  await page.reload()
  await expect(invited).toContainText('Has deposited')
  await expect(page.getByTestId('referral-available-USD')).toHaveText('$2.00')
  await page.getByRole('button', { name: 'Move to balance' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move earnings to your balance' })
  await dialog.getByRole('button', { name: 'Move $2.00' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('referral-available-USD')).toHaveText('$0.00')
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$2.00')
  expect(await seriousViolations(page)).toEqual([])
})

test('a quest task completes from real spins and the alert shows', async ({ page, request, baseURL }) => {
  const token = await newPlayer(page, baseURL, 'quest')
  await deposit(request, token, 2000)
  const quests = channelSubscribed(page, 'retention:quests#')
  await page.goto('/?quests-hub=true')
  await quests
  const hub = page.getByRole('dialog', { name: 'Quests' })
  const first = hub.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'First steps' }) })
  await first.getByRole('button', { name: 'Start quest' }).click()
  await expect(first).toContainText('In progress')
  await expect(first).toContainText('0 of 2 tasks done')

  await spin(request, token, 10, 10)
  await expect(page.getByText('Task completed')).toBeVisible()
  await expect(first).toContainText('1 of 2 tasks done')

  await first.getByRole('button', { name: 'Tasks' }).click()
  const tasks = page.getByRole('dialog', { name: 'First steps' })
  await expect(tasks.getByRole('progressbar', { name: 'Make 10 spins' })).toHaveAttribute('aria-valuenow', '100')
  expect(await seriousViolations(page)).toEqual([])
})

test('the welcome package shows its content and the player’s progress', async ({ page, request, baseURL }) => {
  const token = await newPlayer(page, baseURL, 'welcome')
  await deposit(request, token, 2000)
  await page.goto('/welcome-package')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome package' })).toBeVisible()
  await expect(page.getByRole('table')).toBeVisible()
  await expect(page.getByTestId('welcome-progress')).toHaveText('1 of 4 deposits made')
  await expect(page.getByRole('button', { name: 'Make deposit 2' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
