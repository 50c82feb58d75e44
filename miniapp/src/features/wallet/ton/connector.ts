import TonConnect, { isTelegramUrl, isWalletInfoCurrentlyInjected, isWalletInfoRemote, UserRejectsError, type Wallet, type WalletInfo } from '@tonconnect/sdk'

import { openNativeLink, openNativeTelegramLink } from '@/lib/native'

import { bounceableTonAddress } from './address'
import { TRANSFER_VALID_FOR_SECONDS, type TonTransactionRequest } from './transfer'

/**
 * The app's one TON Connect connector (`@tonconnect/sdk`, in this lazy chunk only). The manifest is the
 * build's `public/tonconnect-manifest.json`, served by both edges; the SDK's usage analytics stay off,
 * as the app sends nothing about its players to a third party.
 */
let connector: TonConnect | undefined

export function tonConnector(): TonConnect {
  connector ??= new TonConnect({
    manifestUrl: new URL('/tonconnect-manifest.json', window.location.origin).href,
    analytics: { mode: 'off' },
  })
  return connector
}

/** Why a wallet did not do what it was asked; the invoice stays payable in every case. */
export type TonFailure = 'rejected' | 'unreachable' | 'timeout'

/**
 * How long the app waits for a wallet to connect before saying it did not: three minutes, time to
 * open or install a wallet app and unlock it. A connection that comes later moves no money.
 */
export const WALLET_CONNECT_TIMEOUT_MS = 3 * 60 * 1000

/**
 * How long the app waits for the wallet to answer a transfer before saying it did not: the request's
 * own validity (`validUntil`) and half a minute for an answer sent at its last moment to come back
 * through the bridge. By then the wallet can no longer send that request, so a player who pays again
 * after the message cannot pay twice.
 */
export const TRANSFER_ANSWER_TIMEOUT_MS = (TRANSFER_VALID_FOR_SECONDS + 30) * 1000

export function failureOf(error: unknown): TonFailure {
  return error instanceof UserRejectsError ? 'rejected' : 'unreachable'
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => { resolve('timeout') }, timeoutMs)
  })
  return Promise.race([work, timeout]).finally(() => { clearTimeout(timer) })
}

/** Asks the connected wallet for the transfer: undefined once it is sent, else why not. */
export async function sendTonTransfer(request: TonTransactionRequest): Promise<TonFailure | undefined> {
  try {
    const answer = await withTimeout(tonConnector().sendTransaction(request), TRANSFER_ANSWER_TIMEOUT_MS)
    return answer === 'timeout' ? 'timeout' : undefined
  } catch (error) {
    return failureOf(error)
  }
}

/** The wallets to offer: those injected into this page first (a wallet's own browser, a test's stand-in), then the rest. */
export function offeredWallets(wallets: readonly WalletInfo[]): WalletInfo[] {
  const injected = wallets.filter((wallet) => isWalletInfoCurrentlyInjected(wallet))
  return [...injected, ...wallets.filter((wallet) => !isWalletInfoCurrentlyInjected(wallet) && isWalletInfoRemote(wallet))]
}

/**
 * Starts connecting a wallet. An injected one answers in the page; any other opens through its link:
 * inside Telegram a t.me link (Telegram's Wallet) stays within Telegram and others go through `openLink`.
 */
export function connectWallet(wallet: WalletInfo): void {
  const tonConnect = tonConnector()
  if (isWalletInfoCurrentlyInjected(wallet)) {
    tonConnect.connect({ jsBridgeKey: wallet.jsBridgeKey })
    return
  }
  if (!isWalletInfoRemote(wallet)) return
  const link = tonConnect.connect({ universalLink: wallet.universalLink, bridgeUrl: wallet.bridgeUrl })
  const opened = isTelegramUrl(link) ? openNativeTelegramLink(link) : openNativeLink(link)
  if (!opened) window.open(link, '_blank', 'noopener')
}

let restoring: Promise<void> | undefined

/** Reconnects the wallet of an earlier visit, once per page. */
export function restoreWallet(): Promise<void> {
  restoring ??= tonConnector().restoreConnection({ openingDeadlineMS: WALLET_CONNECT_TIMEOUT_MS }).catch(() => undefined)
  return restoring
}

/** The connected account in its bounceable user-friendly form. */
export function connectedAddress(wallet: Wallet | null): string | undefined {
  return wallet ? bounceableTonAddress(wallet.account.address) : undefined
}
