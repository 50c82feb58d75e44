import { randomInt } from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test'

/** A fresh e-mail per run: the stack's data directory lives for the whole e2e run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const PASSWORD = 'correct-horse-battery'

/** The sandbox captcha's token that always passes (`platform/src/captcha`). */
export const SANDBOX_CAPTCHA_PASS = 'sandbox.pass.e2e'

/**
 * A fresh Telegram user id per test: the stack's data lives for the whole run, so two tests that drew
 * the same id would share one player. Nine digits, as many real ids have; a collision among a run's few
 * dozen is about one in a million.
 */
export function newTelegramUserId(): number {
  return 100_000_000 + randomInt(900_000_000)
}

/** Signs up through the header's Sign up button; lands home signed in. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await dialog.getByLabel('E-mail', { exact: true }).fill(email)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD')
  await agreeAndPassRobotCheck(dialog)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
}

/**
 * Signs up through the API and opens the home page in that session: for tests about what a signed-in
 * player does, not about signing up (`signUp` drives the form). The token goes where the client keeps it
 * (`lib/session/token-storage.ts`) before the page's scripts run, once: a later sign-out stays signed out.
 */
export async function signUpViaApi(page: Page, email: string): Promise<void> {
  const registered = await page.request.post('/api/player/register', { data: { email, password: PASSWORD, currency: 'USD', agreements: true, captcha: SANDBOX_CAPTCHA_PASS } })
  expect(registered.status()).toBe(201)
  const session = await page.request.post('/api/player/sessions', { data: { login: email, password: PASSWORD } })
  expect(session.status()).toBe(200)
  const { accessToken } = (await session.json()) as { accessToken: string }
  await page.addInitScript(
    ({ key, token, stored }) => {
      // One mark per token: a second player signed up on the same page is put in once too.
      const marker = `${key}:seeded:${token}`
      if (sessionStorage.getItem(marker) !== null) return
      sessionStorage.setItem(marker, '1')
      localStorage.setItem(key, stored)
    },
    { key: 'sessionToken', token: accessToken, stored: JSON.stringify({ token: accessToken, expiresAt: Date.now() + 365 * 24 * 3_600_000 }) },
  )
  await page.goto('/')
  // The session is restored once the profile and the accounts load: slow on a busy two-core machine.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 })
}

/**
 * Ticks the sign-up form's agreements and the robot check the stack's platform asks for (the sandbox's
 * captcha widget, answering "pass").
 */
export async function agreeAndPassRobotCheck(dialog: Locator): Promise<void> {
  await dialog.getByRole('checkbox', { name: /Terms and Conditions/ }).check()
  await dialog.getByRole('checkbox', { name: 'I’m not a robot' }).check()
}

/** A session token for `email`, signed in through the API (a second session of the same player). */
export async function apiToken(baseURL: string, email: string): Promise<string> {
  const api = await request.newContext({ baseURL })
  const response = await api.post('/api/player/sessions', { data: { login: email, password: PASSWORD } })
  expect(response.status()).toBe(200)
  const { accessToken } = (await response.json()) as { accessToken: string }
  await api.dispose()
  return accessToken
}

/** Signs out through the account menu and its confirmation; lands home as a guest. */
export async function signOut(page: Page): Promise<void> {
  const header = page.getByRole('banner')
  await header.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible()
}

/** A fresh, valid Brazilian mobile number in international format (E.164), per run. */
export function uniquePhone(): string {
  return `+55119${String(6 + Math.floor(Math.random() * 4))}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
}

/** The code of the newest message the sandbox "sent" to `to` (a phone number or an e-mail address). */
export async function latestCode(api: APIRequestContext, to: string): Promise<string> {
  const response = await api.get('/api/sandbox/outbox', { params: { to } })
  expect(response.status()).toBe(200)
  const { data } = (await response.json()) as { data: { code: string | null }[] }
  const code = data[0]?.code
  if (!code) throw new Error(`The outbox holds no code for ${to}.`)
  return code
}

/** Resolves once the page's real-time client is subscribed to a channel starting with `prefix` (the hub keeps no history). */
export function channelSubscribed(page: Page, prefix: string): Promise<void> {
  const lines = (payload: string | Buffer) => String(payload).split('\n').filter((line) => line.trim() !== '')
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let subscribeId: number | undefined
      socket.on('framesent', ({ payload }) => {
        for (const line of lines(payload)) {
          const command = JSON.parse(line) as { id?: number; subscribe?: { channel?: string } }
          if (command.subscribe?.channel?.startsWith(prefix)) subscribeId = command.id
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

/**
 * The serious and critical accessibility violations on the page as it is now (WCAG 2.1 A/AA and best
 * practices), each with the elements it was found on; the check must have run over the page (more than
 * ten passes), not over nothing.
 *
 * Legacy mode runs axe in the page and its same-origin frames only; the default opens a blank page per
 * check to gather cross-origin frames' results, which made each check about 40 % slower (over two hundred
 * checks a run) for frames this app does not own (the game providers').
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze()
  expect(results.passes.length).toBeGreaterThan(10)
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }))
}

/**
 * `seriousViolations` in the light palette and then the dark one, on the page as it is: the device's
 * colour scheme picks the palette (`lib/color-mode.ts`), so one load serves both. `settled` waits for
 * what redraws with the palette (a widget told the theme) before each check.
 */
export async function seriousViolationsInBothPalettes(page: Page, settled?: () => Promise<void>) {
  const found: Record<'light' | 'dark', Awaited<ReturnType<typeof seriousViolations>>> = { light: [], dark: [] }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveAttribute('data-color-mode', colorScheme)
    // Colours that ease into the new palette are measured where they end.
    await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))))
    await settled?.()
    found[colorScheme] = await seriousViolations(page)
  }
  return found
}

/**
 * A new player's quests arrive as toasts over the first seconds after sign-up (unless they were issued
 * before the page subscribed), each sliding in with an animation axe would measure mid-way:
 * accessibility checks wait until they have come, if they come, and gone.
 */
export async function waitForWelcomeToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss' })
  await dismiss
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .catch(() => undefined)
  await expect(dismiss).toHaveCount(0, { timeout: 20_000 })
}

/** The wallet greets a deposit settled while the page is open with `deposit-success`; a journey that goes on
 * behind it closes it first. */
export async function closeDepositSuccess(page: Page): Promise<void> {
  const success = page.getByRole('dialog', { name: 'Deposit successful' })
  await success.getByRole('button', { name: 'Close' }).click()
  await expect(success).toBeHidden()
}

/** A card deposit of `amount` cents of USD, paid at once through the sandbox provider. */
export async function paidDeposit(request: APIRequestContext, token: string, amount: number): Promise<void> {
  const invoice = await request.post('/api/payment/invoices/deposit', {
    headers: { Authorization: `Bearer ${token}` },
    data: { paymentMethod: 'card.deposit.visa', amount, currency: 'USD' },
  })
  expect(invoice.status()).toBe(201)
  const { id } = (await invoice.json()) as { id: string }
  expect((await request.post(`/api/sandbox/invoices/${id}/settle`, { data: { status: 2 } })).status()).toBe(200)
}

/**
 * A new player in `mode`: signed up and opened in the browser (web), or signed in by a Telegram launch of
 * freshly minted init data (telegram). Answers a session token for API set-up.
 */
export async function enterAsNewPlayer(page: Page, request: APIRequestContext, mode: 'web' | 'telegram', baseURL: string, prefix = 'player'): Promise<string> {
  if (mode === 'web') {
    const email = uniqueEmail(prefix)
    await signUpViaApi(page, email)
    return apiToken(baseURL, email)
  }
  const minted = await request.post('/sandbox/telegram/init-data', { data: { id: newTelegramUserId(), first_name: 'Ada' } })
  expect(minted.status()).toBe(200)
  const { launchUrl } = (await minted.json()) as { launchUrl: string }
  const login = page.waitForResponse((response) => response.url().endsWith('/api/player/tg_login') && response.status() === 200)
  await page.goto(launchUrl)
  const { accessToken } = (await (await login).json()) as { accessToken: string }
  await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')
  return accessToken
}

/**
 * Telegram's side of a Mini App, as its mobile clients expose it: `TelegramWebviewProxy.postEvent` records
 * what the app asks of Telegram (`window.__telegramEvents`) and answers the requests the SDK waits for.
 */
export function emulateTelegramHost() {
  const events: { type: string; data: Record<string, unknown> | undefined }[] = []
  const host = window as unknown as {
    __telegramEvents: typeof events
    TelegramWebviewProxy: { postEvent: (type: string, data?: string) => void }
    Telegram?: { WebView?: { receiveEvent: (type: string, data?: unknown) => void } }
  }
  host.__telegramEvents = events
  const reply = (type: string, data: unknown) => {
    setTimeout(() => host.Telegram?.WebView?.receiveEvent(type, data), 0)
  }
  const insets = { top: 0, bottom: 0, left: 0, right: 0 }
  host.TelegramWebviewProxy = {
    postEvent(type, data) {
      events.push({ type, data: data ? (JSON.parse(data) as Record<string, unknown>) : undefined })
      if (type === 'web_app_request_viewport') {
        reply('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true })
      }
      if (type === 'web_app_request_safe_area') reply('safe_area_changed', insets)
      if (type === 'web_app_request_content_safe_area') reply('content_safe_area_changed', insets)
      if (type === 'web_app_request_theme') reply('theme_changed', { theme_params: { bg_color: '#17212b', text_color: '#f5f5f5' } })
      // The player taps "Allow" when the app asks for the bot's chat.
      if (type === 'web_app_request_write_access') reply('write_access_requested', { status: 'allowed' })
      // DeviceStorage and SecureStorage (Bot API 9.0), when the test keeps them (`emulateTelegramStorage`).
      const storage = /^web_app_(device|secure)_storage_(get|save)_key$/.exec(type)
      const kept = (window as unknown as { __telegramStorage?: TelegramStorageCall }).__telegramStorage
      if (storage && kept && data) {
        const [, store = '', operation] = storage
        const { req_id, key, value } = JSON.parse(data) as { req_id: string; key: string; value?: string | null }
        void kept(store, key, operation === 'save' ? (value ?? null) : undefined).then((stored) => {
          reply(operation === 'save' ? `${store}_storage_key_saved` : `${store}_storage_key_received`, operation === 'save' ? { req_id } : { req_id, value: stored })
        })
      }
    },
  }
}

/** Reads a key (`value` undefined) or writes it (`null` removes it); answers the key's value. */
type TelegramStorageCall = (store: string, key: string, value: string | null | undefined) => Promise<string | null>

/**
 * Telegram's DeviceStorage and SecureStorage for `emulateTelegramHost`, kept by the test outside the page:
 * they outlive a wiped web storage and a relaunch, as Telegram's do. Launches must say Bot API 9.0 or
 * later (`telegramLaunchUrl`) for the app to use them.
 */
export async function emulateTelegramStorage(page: Page): Promise<Record<'device' | 'secure', Map<string, string>>> {
  const stores = { device: new Map<string, string>(), secure: new Map<string, string>() }
  const call: TelegramStorageCall = (store, key, value) => {
    const kept = store === 'secure' ? stores.secure : stores.device
    if (value === null) kept.delete(key)
    else if (value !== undefined) kept.set(key, value)
    return Promise.resolve(kept.get(key) ?? null)
  }
  await page.exposeFunction('__telegramStorage', call)
  return stores
}

/** A launch of freshly minted init data for Telegram user `id`, reporting Bot API `version`. */
export async function telegramLaunchUrl(request: APIRequestContext, id: number, { language = 'en', version = '8.0' } = {}): Promise<string> {
  const minted = await request.post('/sandbox/telegram/init-data', { data: { id, first_name: 'Ada', language_code: language } })
  expect(minted.status()).toBe(200)
  const { launchUrl } = (await minted.json()) as { launchUrl: string }
  return launchUrl.replace(/tgWebAppVersion=[^&]*/, `tgWebAppVersion=${version}`)
}

export interface TelegramEvent { type: string; data: Record<string, unknown> | undefined }

export function telegramEvents(page: Page, type: string): Promise<TelegramEvent[]> {
  return page.evaluate(
    (wanted) => (window as unknown as { __telegramEvents: TelegramEvent[] }).__telegramEvents.filter((event) => event.type === wanted),
    type,
  )
}

export async function lastTelegramEvent(page: Page, type: string): Promise<Record<string, unknown> | undefined> {
  return (await telegramEvents(page, type)).at(-1)?.data
}
