import { useEffect, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { t } from '@/lib/i18n'

import { useTonWallet } from './use-ton-wallet'
import { ConnectedWallet, WalletChoice } from './wallet-connection'

export interface ConnectedWalletAddressProps {
  /** What the address field holds now: a connected wallet fills it only while it is empty. */
  current: string
  onUse: (address: string) => void
}

/**
 * The withdrawal form's offer of the connected TON wallet (a lazy chunk with the TON Connect SDK): its
 * bounceable address, a tap to put it in the field (it goes there by itself while the field is empty),
 * a one-tap disconnect, or a wallet to connect. The player can still type any other address.
 */
export default function ConnectedWalletAddress({ current, onUse }: ConnectedWalletAddressProps) {
  const state = useTonWallet()
  const [choosing, setChoosing] = useState(false)
  const filled = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (state.address && filled.current !== state.address && current.trim() === '') {
      filled.current = state.address
      onUse(state.address)
    }
  }, [state.address, current, onUse])

  if (!state.restored) return <div aria-hidden="true" className="skeleton h-14 rounded-xl" />
  if (state.address) {
    const address = state.address
    return (
      <div className="flex flex-col gap-2">
        <ConnectedWallet address={address} />
        {current.trim() === address ? null : (
          <Button variant="secondary" onClick={() => { onUse(address) }}>
            {t('Withdraw to this wallet')}
          </Button>
        )}
      </div>
    )
  }
  if (choosing) return <WalletChoice state={state} />
  return (
    <Button variant="secondary" onClick={() => { setChoosing(true) }}>
      {t('Connect a TON wallet')}
    </Button>
  )
}
