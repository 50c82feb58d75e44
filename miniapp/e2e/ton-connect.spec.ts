import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

import { bounceableTonAddress } from '../src/features/wallet/ton/address'
import { commentCell, toBoc } from '../src/features/wallet/ton/cells'
import { channelSubscribed, closeDepositSuccess, emulateTelegramHost, enterAsNewPlayer, seriousViolationsInBothPalettes } from './helpers'
import { answerTransfers, installStandInWallet, newTonAccount, requestedTransfers, type StandInWallet } from './ton-wallet'

const USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'

/** An account in `currency`, made the active one. */
async function activeAccount(request: APIRequestContext, token: string, currency: 'TON' | 'USDT'): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` }
  const account = await request.post('/api/wallet/accounts', { headers, data: { currency } })
  expect(account.status()).toBeLessThan(300)
  const { id: accountId } = (await account.json()) as { id: number }
  expect((await request.put(`/api/wallet/accounts/${String(accountId)}/switch-account`, { headers })).status()).toBeLessThan(300)
  return accountId
}

/** A TON account with 5 TON on it, made the active one. */
async function fundedTonAccount(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` }
  const accountId = await activeAccount(request, token, 'TON')
  const invoice = await request.post('/api/payment/invoices/deposit', {
    headers,
    data: { paymentMethod: 'cryptowallet.deposit.toncoin', amount: 5_000_000_000, currency: 'TON', accountId },
  })
  expect(invoice.status()).toBe(201)
  const { id } = (await invoice.json()) as { id: string }
  expect((await request.post(`/api/sandbox/invoices/${id}/settle`, { data: { status: 2 } })).status()).toBe(200)
}

/** The player's deposit invoices, newest first. */
async function depositInvoices(request: APIRequestContext, token: string) {
  const list = await request.get('/api/payment/invoices?type=deposit', { headers: { Authorization: `Bearer ${token}` } })
  return ((await list.json()) as { data: TonInvoice[] }).data
}

/** Reloads onto the funded TON account and opens the withdraw tab through the header's Deposit. */
async function openWithdraw(page: Page) {
  await page.reload()
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('5.00 TON', { timeout: 15_000 })
  await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click()
  await page.getByRole('dialog', { name: 'Deposit' }).getByRole('button', { name: 'Withdraw' }).click()
  const dialog = page.getByRole('dialog', { name: 'Withdraw' })
  await dialog.getByRole('radio', { name: /Toncoin/ }).check()
  return dialog
}

/** The form's primary action: its button in a browser, Telegram's Main Button in the Mini App. */
async function pressPrimary(page: Page, mode: 'web' | 'telegram', name: string | RegExp, dialog = 'Withdraw') {
  if (mode === 'web') {
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name }).click()
    return
  }
  await page.evaluate(() => {
    ;(window as unknown as { Telegram: { WebView: { receiveEvent: (type: string) => void } } }).Telegram.WebView.receiveEvent('main_button_pressed')
  })
}

/** A new player in `mode` on an empty `currency` account, its invoices followed live, with the stand-in wallet. */
async function tonPlayer(
  page: Page,
  request: APIRequestContext,
  mode: 'web' | 'telegram',
  baseURL: string,
  wallet: Omit<StandInWallet, 'account'> = {},
  currency: 'TON' | 'USDT' = 'TON',
) {
  const account = newTonAccount()
  await installStandInWallet(page, { account, ...wallet })
  if (mode === 'telegram') await page.addInitScript(emulateTelegramHost)
  const token = await enterAsNewPlayer(page, request, mode, baseURL, `ton-deposit-${wallet.onSend ?? 'send'}`)
  await activeAccount(request, token, currency)
  const invoices = channelSubscribed(page, 'payment:invoices#')
  await page.reload()
  await invoices
  return { token, account }
}

interface TonInvoice {
  id: string
  status: number
  publicData: { address: string; amount?: string; jettonAmount?: string; comment: string }
}

const DEPOSITS = {
  TON: { method: /Toncoin/, amount: '2' },
  USDT: { method: /Tether \(TON\)/, amount: '12.5' },
} as const

/** Creates a deposit (2 TON or 12.5 USDT) in the wallet modal and connects the stand-in wallet to pay it; answers the invoice. */
async function depositFromWallet(page: Page, mode: 'web' | 'telegram', currency: 'TON' | 'USDT' = 'TON') {
  const { method, amount } = DEPOSITS[currency]
  await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('0', { timeout: 15_000 })
  await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Deposit' })
  await dialog.getByRole('radio', { name: method }).check()
  await dialog.getByLabel(`Amount, ${currency}`).fill(amount)
  const created = page.waitForResponse((response) => response.url().endsWith('/api/payment/invoices/deposit'))
  await pressPrimary(page, mode, new RegExp(`^Deposit ${amount.replace('.', '\\.')}`), 'Deposit')
  const invoice = (await (await created).json()) as TonInvoice
  const pay = dialog.getByRole('region', { name: 'Pay with your wallet' })
  await pay.getByRole('list', { name: 'TON wallets' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  await expect(pay.getByTestId('connected-ton-wallet')).toBeVisible()
  // The manual way stays beside it.
  await expect(dialog.getByRole('link', { name: 'Pay in a TON wallet' })).toBeVisible()
  return { dialog, pay, invoice }
}

for (const mode of ['web', 'telegram'] as const) {
  test.describe(`a TON Connect deposit (${mode})`, () => {
    test('asks the wallet for exactly the invoice’s transfer, and the balance rises live', async ({ page, request, baseURL }) => {
      await tonPlayer(page, request, mode, baseURL ?? '')
      const { pay, invoice } = await depositFromWallet(page, mode)
      await pay.getByRole('button', { name: 'Pay with your wallet' }).click()

      await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
      await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('2')
      expect(invoice.publicData.amount).toBe('2000000000')
      const requested = await requestedTransfers(page)
      expect(requested.map(({ messages }) => messages)).toEqual([
        [{ address: invoice.publicData.address, amount: '2000000000', payload: toBoc(commentCell(invoice.publicData.comment)) }],
      ])
    })

    test('pays USDT with a jetton transfer through the player’s own USDT wallet, and the balance rises live', async ({ page, request, baseURL }) => {
      const { account } = await tonPlayer(page, request, mode, baseURL ?? '', {}, 'USDT')
      const { pay, invoice } = await depositFromWallet(page, mode, 'USDT')
      await pay.getByRole('button', { name: 'Pay with your wallet' }).click()

      await expect(page.getByRole('dialog', { name: 'Deposit successful' })).toBeVisible()
      await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('12.5')
      const owner = bounceableTonAddress(account) ?? ''
      const lookup = await request.get(`/api/payment/ton/jetton-wallet?owner=${owner}&master=${USDT_MASTER}`)
      const { address: jettonWallet } = (await lookup.json()) as { address: string }
      const requested = await requestedTransfers(page)
      expect(requested.map(({ messages }) => messages.map(({ address, amount }) => ({ address, amount })))).toEqual([
        [{ address: jettonWallet, amount: '50000000' }],
      ])
      const settled = await request.get('/api/sandbox/ton/transfers?status=settled')
      const { data } = (await settled.json()) as { data: Record<string, unknown>[] }
      expect(data.find((transfer) => transfer.invoiceId === invoice.id)).toMatchObject({
        from: owner,
        to: invoice.publicData.address,
        jetton: USDT_MASTER,
        jettonAmount: '12500000',
        payload: invoice.publicData.comment,
      })
    })

    for (const [onSend, message] of [
      ['reject', 'You declined in your wallet. The deposit is still waiting: pay it when you are ready.'],
      ['unreachable', 'Your wallet could not be reached. Try again, or pay to the address below.'],
    ] as const) {
      test(`a wallet that ${onSend === 'reject' ? 'refuses' : 'cannot be reached'} leaves the invoice pending and payable, with its message`, async ({ page, request, baseURL }) => {
        const { token } = await tonPlayer(page, request, mode, baseURL ?? '', { onSend })
        const { pay, invoice } = await depositFromWallet(page, mode)
        await pay.getByRole('button', { name: 'Pay with your wallet' }).click()

        await expect(pay.getByRole('alert')).toHaveText(message)
        await expect(pay.getByRole('button', { name: 'Pay with your wallet' })).toBeEnabled()
        expect(await requestedTransfers(page)).toHaveLength(1)
        expect(await depositInvoices(request, token)).toEqual([expect.objectContaining({ id: invoice.id, status: 1 })])
      })
    }

    test('a wallet that never answers is said to have timed out once its request expired, and the invoice is paid on a second try', async ({ page, request, baseURL }) => {
      // Two tries at paying: more than the default 30 s on a loaded two-core machine.
      test.setTimeout(60_000)
      // The page's clock is the test's: the minutes the app waits for the wallet pass in an instant.
      await page.clock.install()
      const { token } = await tonPlayer(page, request, mode, baseURL ?? '', { onSend: 'silent' })
      const { pay, invoice } = await depositFromWallet(page, mode)
      await pay.getByRole('button', { name: 'Pay with your wallet' }).click()
      await expect(pay.getByRole('button', { name: 'Confirm the transfer in your wallet…' })).toBeDisabled()

      // While the request is valid the wallet may still send it, so the app does not say to pay again.
      await page.clock.fastForward('05:00')
      await expect(pay.getByRole('button', { name: 'Confirm the transfer in your wallet…' })).toBeDisabled()
      await expect(pay.getByRole('alert')).toHaveCount(0)
      await page.clock.fastForward('00:31')
      await expect(pay.getByRole('alert')).toHaveText('Your wallet did not answer in time. Try again, or pay to the address below.')
      expect(await depositInvoices(request, token)).toEqual([expect.objectContaining({ id: invoice.id, status: 1 })])

      await answerTransfers(page, 'send')
      await pay.getByRole('button', { name: 'Pay with your wallet' }).click()
      // The minutes skipped above outlast the real-time connection's pings, so it may be reconnecting
      // when the invoice settles and miss its one-shot `deposit-success`: the balance and the invoice
      // are what the second try must change.
      await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('2')
      await expect.poll(() => depositInvoices(request, token)).toEqual([expect.objectContaining({ id: invoice.id, status: 2 })])
      expect(await requestedTransfers(page)).toHaveLength(2)
    })

    test('a wallet sending the wrong amount settles nothing, and staff see the transfer', async ({ page, request, baseURL }) => {
      const { token } = await tonPlayer(page, request, mode, baseURL ?? '', { sendAmount: '1500000000' })
      const { pay, invoice } = await depositFromWallet(page, mode)
      await pay.getByRole('button', { name: 'Pay with your wallet' }).click()

      await expect(pay.getByRole('status')).toHaveText('Waiting for the network: your balance updates as soon as the transfer arrives.')
      await expect
        .poll(async () => {
          const unmatched = await request.get('/api/sandbox/ton/transfers?status=unmatched')
          const { data } = (await unmatched.json()) as { data: Record<string, unknown>[] }
          return data.find((transfer) => transfer.invoiceId === invoice.id)
        })
        .toMatchObject({ amount: '1500000000', reason: 'wrong_amount', payload: invoice.publicData.comment })
      expect(await depositInvoices(request, token)).toEqual([expect.objectContaining({ id: invoice.id, status: 1 })])
    })
  })

  test.describe(`a connected TON wallet (${mode})`, () => {
    test('the withdrawal offers its bounceable address, pays out to it, and the wallet disconnects in one tap', async ({ page, request, baseURL }) => {
      const account = newTonAccount()
      const connected = bounceableTonAddress(account) ?? ''
      await installStandInWallet(page, { account })
      if (mode === 'telegram') await page.addInitScript(emulateTelegramHost)
      const invoices = channelSubscribed(page, 'payment:invoices#')
      const token = await enterAsNewPlayer(page, request, mode, baseURL ?? '', 'ton-withdraw')
      await invoices
      await fundedTonAccount(request, token)
      // The page hears of the funding deposit, and the wallet greets it.
      await closeDepositSuccess(page)
      const dialog = await openWithdraw(page)
      await dialog.getByRole('button', { name: 'Connect a TON wallet' }).click()
      await dialog.getByRole('list', { name: 'TON wallets' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
      await expect(dialog.getByTestId('connected-ton-wallet')).toHaveText(connected)
      const address = dialog.getByLabel('Wallet address (TON)')
      await expect(address).toHaveValue(connected)

      // Another address can still be typed, and the connected one put back in one tap.
      await address.fill('')
      await address.fill('EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk')
      await dialog.getByRole('button', { name: 'Withdraw to this wallet' }).click()
      await expect(address).toHaveValue(connected)

      await dialog.getByLabel('Amount, TON').fill('2')
      await pressPrimary(page, mode, 'Continue')
      await expect(dialog.getByText(connected)).toBeVisible()
      await pressPrimary(page, mode, 'Confirm withdrawal')
      await expect(dialog.getByText(/^Withdrawal of .*2.* is being processed$/)).toBeVisible()

      const withdrawals = await request.get('/api/payment/invoices?type=withdrawal', { headers: { Authorization: `Bearer ${token}` } })
      const { data } = (await withdrawals.json()) as { data: { amount: number; publicData: { address?: string } | null }[] }
      expect(data.map(({ amount, publicData }) => ({ amount, address: publicData?.address }))).toEqual([{ amount: 2_000_000_000, address: connected }])

      // The wallet modal and its tab are in the address: a reload reopens the withdraw form.
      await page.reload()
      await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('3.00 TON', { timeout: 15_000 })
      await expect(dialog.getByTestId('connected-ton-wallet')).toHaveText(connected)
      await dialog.getByRole('button', { name: 'Disconnect' }).click()
      await expect(dialog.getByTestId('connected-ton-wallet')).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: 'Connect a TON wallet' })).toBeVisible()
    })
  })
}

test('the wallet choice and the connected wallet have no serious or critical accessibility violations in either palette', async ({ page, request, baseURL }) => {
  // Each screen checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  await installStandInWallet(page, { account: newTonAccount() })
  const invoices = channelSubscribed(page, 'payment:invoices#')
  const token = await enterAsNewPlayer(page, request, 'web', baseURL ?? '', 'ton-axe')
  await invoices
  await fundedTonAccount(request, token)
  await closeDepositSuccess(page)
  const dialog = await openWithdraw(page)
  await dialog.getByRole('button', { name: 'Connect a TON wallet' }).click()
  await expect(dialog.getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  await dialog.getByRole('button', { name: 'Sandbox Wallet' }).click()
  await expect(dialog.getByTestId('connected-ton-wallet')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})

test('paying from the wallet, and the message of a refusal, have no serious or critical accessibility violations in either palette', async ({ page, request, baseURL }) => {
  // Each state checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  await tonPlayer(page, request, 'web', baseURL ?? '', { onSend: 'reject' })
  const { pay } = await depositFromWallet(page, 'web')
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  await pay.getByRole('button', { name: 'Pay with your wallet' }).click()
  await expect(pay.getByRole('alert')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})
