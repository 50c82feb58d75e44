import { expect, test } from '@playwright/test'

import { channelSubscribed, closeDepositSuccess, enterAsNewPlayer, paidDeposit } from './helpers'

/**
 * Everything live (spec section 4): a signed-in player's spins reach the history wherever the spin was
 * made, without a reload; a guest's anonymous connection shows the online count.
 */

const GAME = { identity: 'lucky-sevens', name: 'Lucky Sevens' }

for (const mode of ['web', 'telegram'] as const) {
  test.describe(`live play (${mode})`, () => {
    test('a spin made in another tab shows up live in the history', async ({ page, request, baseURL }) => {
      // The hub keeps no history: the deposit is paid once the page listens for it.
      const invoices = channelSubscribed(page, 'payment:invoices#')
      const token = await enterAsNewPlayer(page, request, mode, baseURL ?? '', 'live')
      await invoices
      await paidDeposit(request, token, 10_000)
      await closeDepositSuccess(page)

      const spins = channelSubscribed(page, 'game:spins#')
      await page.goto('/wallet/history?tab=spins')
      const main = page.getByRole('main')
      await expect(main.getByText('Nothing here yet')).toBeVisible()
      await spins

      // The other tab: a real-money session of the same player, spun through the slot's API.
      const headers = { Authorization: `Bearer ${token}` }
      const launched = await request.post(`/api/game/games/${GAME.identity}/play`, { headers, data: { demoMode: false } })
      expect(launched.status()).toBe(200)
      const { token: session } = (await launched.json()) as { token: string }
      const spun = await request.post(`/api/sandbox/game-sessions/${session}/spins`, { headers, data: { amount: 1_00 } })
      expect(spun.status()).toBe(200)

      await expect(main.getByText(GAME.name)).toBeVisible()
      await expect(main.getByText('Nothing here yet')).toHaveCount(0)
    })
  })
}

test('a guest sees the online count', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Popular', exact: true })).toBeVisible()
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await expect(page.getByRole('contentinfo').getByText(/^\d[\d,]* players? online$/)).toBeVisible()
})
