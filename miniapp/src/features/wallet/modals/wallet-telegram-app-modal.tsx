import {
  isMainButtonMounted,
  mountMainButton,
  offMainButtonClick,
  onMainButtonClick,
  openLink,
  openQrScanner,
  setMainButtonParams,
} from '@telegram-apps/sdk-react'
import { useCallback, useEffect, useRef, useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { type PrimaryAction, PrimaryButton, type PrimaryActionRenderer, type PaymentStep } from '@/features/wallet/components/primary-action'
import { WalletPanel, walletTab } from '@/features/wallet/components/wallet-panel'
import { type ModalKey, type ModalProps, useModals } from '@/lib/modals'
import { setNativeBackButton } from '@/lib/native'
import { t } from '@/lib/i18n'

/**
 * Whether Telegram's Main Button can be driven here: inside Telegram with a started SDK, and the host
 * takes the first update (a browser tab with a stale launch cannot).
 */
function mainButtonReady(): boolean {
  try {
    if (!isMainButtonMounted() && mountMainButton.isAvailable()) mountMainButton()
    if (!isMainButtonMounted() || !setMainButtonParams.isAvailable()) return false
    setMainButtonParams({ isVisible: false })
    return true
  } catch {
    return false
  }
}

/** Updates the Main Button; a host that stops answering leaves the sheet's own state as it was. */
function updateMainButton(params: Parameters<typeof setMainButtonParams>[0]): void {
  try {
    if (setMainButtonParams.isAvailable()) setMainButtonParams(params)
  } catch (error) {
    console.warn('[wallet] the Main Button did not update', error)
  }
}

/**
 * The form's primary action on Telegram's Main Button: its text, loader and enabled state follow the
 * form; a press runs the action. Where the Main Button is not available the in-sheet button stands in.
 */
function TelegramMainButton(action: PrimaryAction) {
  const [ready] = useState(mainButtonReady)
  const run = useRef(action.onClick)
  useEffect(() => {
    run.current = action.onClick
  })
  useEffect(() => {
    if (!ready) return
    updateMainButton({ text: action.text, isEnabled: action.enabled && !action.progress, isLoaderVisible: action.progress, isVisible: true })
  }, [ready, action.text, action.enabled, action.progress])
  useEffect(() => {
    if (!ready) return
    const press = () => {
      run.current()
    }
    onMainButtonClick(press)
    return () => {
      offMainButtonClick(press)
      updateMainButton({ isVisible: false, isLoaderVisible: false })
    }
  }, [ready])
  return ready ? null : <PrimaryButton {...action} />
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
