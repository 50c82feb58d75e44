import { lazy, Suspense } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { renderPrimaryButton } from '@/features/wallet/components/primary-action'
import { WalletPanel, walletTab } from '@/features/wallet/components/wallet-panel'
import { useLaunch } from '@/lib/launch'
import { type ModalProps, useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'

const TelegramWallet = lazy(() => import('./wallet-telegram-app-modal'))

/**
 * `?wallet=deposit|withdraw`: the wallet dialog. A Mini App visitor gets the Telegram sheet instead (spec
 * section 2: "A messenger-app visitor gets a different wallet modal"), under the same URL.
 */
export default function WalletModal({ value, zIndex }: ModalProps) {
  const launch = useLaunch()
  const modals = useModals()
  if (launch.mode === 'telegram') {
    return (
      <Suspense fallback={null}>
        <TelegramWallet value={value} zIndex={zIndex} modalKey="wallet" />
      </Suspense>
    )
  }
  const tab = walletTab(value)
  return (
    <Dialog title={tab === 'deposit' ? t('Deposit') : t('Withdraw')} zIndex={zIndex} onClose={() => void modals.close('wallet')}>
      <WalletPanel
        tab={tab}
        onTab={(next) => void modals.open('wallet', next)}
        renderPrimary={renderPrimaryButton}
        onShowInvoice={(key, id) => void modals.open(key, id)}
      />
    </Dialog>
  )
}
