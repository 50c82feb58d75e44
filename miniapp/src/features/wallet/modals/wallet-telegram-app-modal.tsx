import { openLink, openQrScanner } from '@telegram-apps/sdk-react'
import { useCallback, useEffect, useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { type PrimaryAction, PrimaryButton, type PrimaryActionRenderer, type PaymentStep } from '@/features/wallet/components/primary-action'
import { WalletPanel, walletTab } from '@/features/wallet/components/wallet-panel'
import { type ModalKey, type ModalProps, useModals } from '@/lib/modals'
import { useMainButton } from '@/lib/main-button'
import { setNativeBackButton } from '@/lib/native'
import { t } from '@/lib/i18n'

/** The form's primary action on Telegram's Main Button (`lib/native`); where there is none the in-sheet button stands in. */
function TelegramMainButton(action: PrimaryAction) {
  const onMainButton = useMainButton(action)
  return onMainButton ? null : <PrimaryButton {...action} />
}

const renderMainButton: PrimaryActionRenderer = (action) => <TelegramMainButton {...action} />

/** Opens the provider's page through Telegram (the in-app browser), never by leaving the Mini App. */
function openInTelegram(url: string): void {
  const absolute = new URL(url, window.location.origin).toString()
  try {
    if (openLink.isAvailable()) {
      openLink(absolute, { tryInstantView: false })
      return
    }
  } catch (error) {
    console.warn('[wallet] openLink failed', error)
  }
  window.open(absolute, '_blank', 'noopener')
}

/** Telegram's QR scanner, when this client has one; the first code read closes it. */
function scanner(): (() => Promise<string | undefined>) | undefined {
  if (!openQrScanner.isAvailable()) return undefined
  return async () => {
    try {
      return await openQrScanner({ text: t('Scan the wallet address') })
    } catch {
      return undefined
    }
  }
}

export interface TelegramWalletProps extends ModalProps {
  /** Which URL key opened it: `wallet` (a Mini App visitor's `?wallet=`) or `wallet-telegram-app`. */
  modalKey?: Extract<ModalKey, 'wallet' | 'wallet-telegram-app'>
}

/**
 * `wallet-telegram-app`: the wallet as a full-height sheet for the Mini App (spec section 2). The Main
 * Button is the primary action, Telegram's back button steps back (status or confirmation → form → closed),
 * closing the Mini App asks first while a payment is under way (the forms' `useClosingConfirmation`), and
 * outcomes answer with haptics (`lib/native`, connected by the Telegram SDK).
 */
export default function WalletTelegramAppModal({ value, zIndex, modalKey = 'wallet-telegram-app' }: TelegramWalletProps) {
  const modals = useModals()
  const tab = walletTab(value)
  const [scanQr] = useState(scanner)
  const [step, setStep] = useState<{ step: PaymentStep; back: () => void }>()
  const close = useCallback(() => void modals.close(modalKey), [modals, modalKey])
  const onStep = useCallback((next: PaymentStep, back: () => void) => {
    setStep({ step: next, back })
  }, [])

  useEffect(() => {
    setNativeBackButton(step && step.step !== 'form' ? step.back : close)
  }, [step, close])
  useEffect(
    () => () => {
      setNativeBackButton(undefined)
    },
    [],
  )

  return (
    <Dialog variant="full" title={tab === 'deposit' ? t('Deposit') : t('Withdraw')} zIndex={zIndex} onClose={close}>
      <WalletPanel
        tab={tab}
        onTab={(next) => void modals.open(modalKey, next)}
        renderPrimary={renderMainButton}
        openExternal={openInTelegram}
        scanQr={scanQr}
        onStep={onStep}
        onShowInvoice={(key, id) => void modals.open(key, id)}
      />
    </Dialog>
  )
}
