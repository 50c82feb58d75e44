import type { Wallet } from '@tonconnect/sdk'
import { useEffect, useState } from 'react'

import { connectedAddress, failureOf, restoreWallet, type TonFailure, tonConnector } from './connector'

export interface TonWalletState {
  wallet: Wallet | null
  /** The connected account, bounceable user-friendly. */
  address: string | undefined
  /** Whether an earlier visit's connection has been looked for. */
  restored: boolean
  /** Why the last connection attempt failed, until the next one. */
  connectFailure: TonFailure | undefined
  clearFailure: () => void
}

/** The connected wallet, followed live (a wallet may disconnect from its side). */
export function useTonWallet(): TonWalletState {
  const [wallet, setWallet] = useState<Wallet | null>(() => tonConnector().wallet)
  const [restored, setRestored] = useState(false)
  const [connectFailure, setConnectFailure] = useState<TonFailure>()
  useEffect(() => {
    let live = true
    const stop = tonConnector().onStatusChange(
      (next) => {
        setWallet(next)
        setConnectFailure(undefined)
      },
      (error) => {
        setConnectFailure(failureOf(error))
      },
    )
    void restoreWallet().then(() => {
      if (!live) return
      setWallet(tonConnector().wallet)
      setRestored(true)
    })
    return () => {
      live = false
      stop()
    }
  }, [])
  return { wallet, address: connectedAddress(wallet), restored, connectFailure, clearFailure: () => { setConnectFailure(undefined) } }
}
