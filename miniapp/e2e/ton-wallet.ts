import type { Page, Route } from '@playwright/test'

/**
 * A stand-in TON wallet for end-to-end tests: an injected wallet (`window.sandboxwallet.tonconnect`)
 * speaking TON Connect's injected-bridge protocol (`connect`, `restoreConnection`, `send` with
 * `sendTransaction` and `disconnect`, `listen`, the protocol's error codes), so the real TON Connect
 * SDK drives it in Chromium. The SDK offers an injected wallet only when the wallets list names it, so
 * the list (`https://config.ton.org/wallets-v2.json`, which the e2e stack's CSP_CONNECT_SRC allows) is
 * answered here with the stand-in's entry.
 *
 * On `sendTransaction` it records the request (`requestedTransfers`) and, unless the test told it to
 * refuse (USER_REJECTS_ERROR, code 300), to fail as an unreachable wallet does (UNKNOWN_ERROR, code
 * 0) or never to answer (a wallet the player left without confirming), sends each message to the simulated network as a wallet's transfer (docs/ton.md):
 * `POST /api/sandbox/ton/transfers {from, to, amount, payloadBoc}`, `payloadBoc` being the message's
 * bag of cells as the app built it (base64): a comment for toncoin, or a jetton transfer sent to the
 * player's jetton wallet, which the network carries out.
 */

const WALLETS_LIST_URL = 'https://config.ton.org/wallets-v2.json'
const STAND_IN_WALLET_KEY = 'sandboxwallet'
const STAND_IN_WALLET_NAME = 'Sandbox Wallet'

type OnSend = 'send' | 'reject' | 'unreachable' | 'silent'

export interface StandInWallet {
  /** The wallet's account, raw form (`0:` and 64 hex digits). */
  account: string
  /**
   * What `sendTransaction` answers: the transfer, the player's refusal, the error of a wallet that
   * cannot be reached, or nothing ever (`silent`). `answerTransfers` changes it for later requests.
   */
  onSend?: OnSend
  /** Nanotons sent instead of what each message asks: a wallet paying the wrong amount. */
  sendAmount?: string
}

export interface RequestedTransfer {
  validUntil: number
  messages: { address: string; amount: string; payload?: string }[]
}

/** A fresh account per test, raw form. */
export function newTonAccount(): string {
  const hex = Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')
  return `0:${hex}`
}

function installInPage(config: StandInWallet & { key: string; name: string }) {
  const storageKey = `${config.key}:connected`
  const listeners = new Set<(event: unknown) => void>()
  const state: { onSend: OnSend; requests: unknown[] } = { onSend: config.onSend ?? 'send', requests: [] }
  ;(window as unknown as { __standInWallet: typeof state }).__standInWallet = state
  const features = ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }]
  const deviceInfo = { platform: 'browser', appName: config.key, appVersion: '1.0.0', maxProtocolVersion: 2, features }
  const connectEvent = (id: number) => ({
    event: 'connect',
    id,
    payload: {
      items: [{ name: 'ton_addr', address: config.account, network: '-239', publicKey: '00'.repeat(32), walletStateInit: '' }],
      device: deviceInfo,
    },
  })
  let nextEventId = 1
  const reply = (id: string, result: unknown) => ({ id, result })
  const error = (id: string, code: number, message: string) => ({ id, error: { code, message } })
  ;(window as unknown as Record<string, unknown>)[config.key] = {
    tonconnect: {
      deviceInfo,
      protocolVersion: 2,
      isWalletBrowser: false,
      walletInfo: {
        name: config.name,
        app_name: config.key,
        image: `${window.location.origin}/tonconnect-icon.png`,
        about_url: window.location.origin,
        platforms: ['chrome'],
        features,
      },
      connect: (_version: number, message: { items?: { name: string }[] }) => {
        if (!message.items?.some((item) => item.name === 'ton_addr')) {
          return Promise.resolve({ event: 'connect_error', id: nextEventId++, payload: { code: 1, message: 'ton_addr missing' } })
        }
        localStorage.setItem(storageKey, '1')
        return Promise.resolve(connectEvent(nextEventId++))
      },
      restoreConnection: () =>
        Promise.resolve(
          localStorage.getItem(storageKey)
            ? connectEvent(nextEventId++)
            : { event: 'connect_error', id: nextEventId++, payload: { code: 100, message: 'Unknown app' } },
        ),
      send: async (request: { id: string; method: string; params: string[] }) => {
        if (request.method === 'disconnect') {
          localStorage.removeItem(storageKey)
          return reply(request.id, {})
        }
        if (request.method !== 'sendTransaction') return error(request.id, 400, 'Method not supported')
        const transaction = JSON.parse(request.params[0] ?? '{}') as RequestedTransfer
        state.requests.push(transaction)
        if (state.onSend === 'reject') return error(request.id, 300, 'User declined the transaction')
        if (state.onSend === 'unreachable') return error(request.id, 0, 'The wallet could not be reached')
        if (state.onSend === 'silent') return new Promise<never>(() => undefined)
        for (const message of transaction.messages) {
          const amount = config.sendAmount ?? message.amount
          const sent = await fetch('/api/sandbox/ton/transfers', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ from: config.account, to: message.address, amount, payloadBoc: message.payload }),
          })
          if (!sent.ok) return error(request.id, 0, `The network refused the transfer (${String(sent.status)})`)
        }
        // The answer is a bag of cells; the SDK only passes it on.
        return reply(request.id, transaction.messages[0]?.payload ?? '')
      },
      disconnect: () => {
        localStorage.removeItem(storageKey)
      },
      listen: (callback: (event: unknown) => void) => {
        listeners.add(callback)
        return () => listeners.delete(callback)
      },
    },
  }
}

/** Injects the stand-in wallet into every page of the test and names it in the wallets list. */
export async function installStandInWallet(page: Page, wallet: StandInWallet): Promise<void> {
  await page.route(WALLETS_LIST_URL, (route: Route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify([
        {
          app_name: STAND_IN_WALLET_KEY,
          name: STAND_IN_WALLET_NAME,
          image: new URL('/tonconnect-icon.png', page.url().startsWith('http') ? page.url() : 'http://127.0.0.1/').href,
          about_url: 'https://example.com',
          platforms: ['chrome'],
          bridge: [{ type: 'js', key: STAND_IN_WALLET_KEY }],
          features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
        },
      ]),
    }),
  )
  await page.addInitScript(installInPage, { ...wallet, key: STAND_IN_WALLET_KEY, name: STAND_IN_WALLET_NAME })
}

/** What the app asked the stand-in wallet to send, in order. */
export function requestedTransfers(page: Page): Promise<RequestedTransfer[]> {
  return page.evaluate(() => (window as unknown as { __standInWallet: { requests: RequestedTransfer[] } }).__standInWallet.requests)
}

/** How the stand-in wallet answers the transfers asked of it from now on. */
export async function answerTransfers(page: Page, onSend: OnSend): Promise<void> {
  await page.evaluate((answer) => {
    ;(window as unknown as { __standInWallet: { onSend: OnSend } }).__standInWallet.onSend = answer
  }, onSend)
}
