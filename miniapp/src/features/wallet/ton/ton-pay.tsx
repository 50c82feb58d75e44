import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { useJettonWallet } from '@/features/wallet/api/get-jetton-wallet'
import { haptic } from '@/lib/native'
import { t } from '@/lib/i18n'

import { sendTonTransfer, type TonFailure } from './connector'
import { tonFailureMessage } from './ton-texts'
import { type TonTransfer, transactionRequest } from './transfer'
import { useTonWallet } from './use-ton-wallet'
import { ConnectedWallet, WalletChoice } from './wallet-connection'

export interface TonPayProps {
  transfer: TonTransfer
}

/**
 * "Pay with your wallet" for a pending TON or USDT-on-TON invoice (a lazy chunk with the TON Connect
 * SDK): connect a wallet, then ask it for exactly the invoice's transfer. USDT is sent through the
 * player's own USDT wallet, looked up once the wallet is connected. Once the wallet has sent it, the
 * invoice waits for the network and settles live like any other; a refusal, an unreachable wallet or no
 * answer in time is said, and the player can try again or pay by hand below.
 */
export default function TonPay({ transfer }: TonPayProps) {
  const state = useTonWallet()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<TonFailure>()
  const jetton = transfer.kind === 'jetton'
  const lookup = useJettonWallet(jetton ? state.address : undefined, jetton ? transfer.jettonMaster : undefined)
  const jettonWallet = lookup.data

  const pay = async () => {
    if (!state.address || sending || (jetton && !jettonWallet)) return
    setFailure(undefined)
    setSending(true)
    const outcome = await sendTonTransfer(transactionRequest(transfer, { owner: state.address, jettonWallet }))
    setSending(false)
    if (outcome) {
      setFailure(outcome)
      haptic('error')
    } else {
      setSent(true)
      haptic('success')
    }
  }

  return (
    <section aria-labelledby="ton-pay-title" className="flex flex-col gap-3 rounded-xl border border-section p-3">
      <h3 id="ton-pay-title" className="text-sm font-semibold">{t('Pay with your wallet')}</h3>
      {sent ? (
        <p role="status" className="text-sm">{t('Waiting for the network: your balance updates as soon as the transfer arrives.')}</p>
      ) : null}
      {failure ? <p role="alert" className="text-sm text-destructive">{tonFailureMessage(failure)}</p> : null}
      {!state.restored ? <div aria-hidden="true" className="skeleton h-11 rounded-xl" /> : null}
      {state.restored && state.address ? (
        <>
          <ConnectedWallet address={state.address} />
          {sent || !jetton || jettonWallet ? null : lookup.isError ? (
            <div className="flex flex-col gap-2">
              <p role="alert" className="text-sm text-destructive">
                {t('Your USDT wallet could not be looked up. Try again, or pay to the address below.')}
              </p>
              <Button variant="secondary" onClick={() => void lookup.refetch()}>{t('Retry')}</Button>
            </div>
          ) : (
            <div aria-hidden="true" className="skeleton h-11 rounded-xl" data-testid="jetton-wallet-skeleton" />
          )}
          {sent || (jetton && !jettonWallet) ? null : (
            <Button disabled={sending} onClick={() => void pay()}>
              {sending ? t('Confirm the transfer in your wallet…') : t('Pay with your wallet')}
            </Button>
          )}
        </>
      ) : null}
      {state.restored && !state.address ? <WalletChoice state={state} /> : null}
    </section>
  )
}
