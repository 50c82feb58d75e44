import type { WalletInfo } from '@tonconnect/sdk'
import { useEffect, useState } from 'react'

import { Button } from '@/components/ui/button'
import { t } from '@/lib/i18n'

import { connectWallet, offeredWallets, tonConnector, WALLET_CONNECT_TIMEOUT_MS } from './connector'
import { tonFailureMessage } from './ton-texts'
import type { TonWalletState } from './use-ton-wallet'

/** The connected wallet's address with a one-tap disconnect. */
export function ConnectedWallet({ address }: { address: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-section px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-hint">{t('Connected wallet')}</p>
        <p className="truncate font-mono text-sm" data-testid="connected-ton-wallet">{address}</p>
      </div>
      <Button variant="secondary" onClick={() => void tonConnector().disconnect().catch(() => undefined)}>
        {t('Disconnect')}
      </Button>
    </div>
  )
}

/**
 * The wallets to connect: a button each, those injected into the page first. While one is connecting
 * the list says so; a refusal, an unreachable wallet or no answer in time is said and the list stays.
 */
export function WalletChoice({ state }: { state: TonWalletState }) {
  const [wallets, setWallets] = useState<WalletInfo[]>()
  const [connecting, setConnecting] = useState(false)
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    let live = true
    void tonConnector()
      .getWallets()
      .then((list) => { if (live) setWallets(offeredWallets(list)) }, () => { if (live) setWallets([]) })
    return () => { live = false }
  }, [])
  useEffect(() => {
    if (!connecting) return
    const timer = setTimeout(() => {
      setConnecting(false)
      setTimedOut(true)
    }, WALLET_CONNECT_TIMEOUT_MS)
    return () => { clearTimeout(timer) }
  }, [connecting])
  const failure = state.connectFailure ?? (timedOut ? 'timeout' : undefined)

  if (!wallets) return <div aria-hidden="true" className="skeleton h-11 rounded-xl" data-testid="ton-wallets-skeleton" />
  if (wallets.length === 0) return <p className="text-sm text-hint">{t('No TON wallet is available here. Pay to the address below.')}</p>
  return (
    <div className="flex flex-col gap-2">
      {failure ? <p role="alert" className="text-sm text-destructive">{tonFailureMessage(failure)}</p> : null}
      {connecting && !failure ? <p role="status" className="text-sm text-hint">{t('Confirm the connection in your wallet…')}</p> : null}
      <ul aria-label={t('TON wallets')} className="grid grid-cols-2 gap-2">
        {wallets.slice(0, 6).map((wallet) => (
          <li key={wallet.appName}>
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => {
                state.clearFailure()
                setTimedOut(false)
                setConnecting(true)
                try {
                  connectWallet(wallet)
                } catch {
                  setConnecting(false)
                }
              }}
            >
              <img src={wallet.imageUrl} alt="" width={20} height={20} className="size-5 rounded" />
              {wallet.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
