import { ChoiceGroup } from '@/components/ui/choice-group'
import { DepositForm } from '@/features/wallet/components/deposit-form'
import type { PaymentStep, PrimaryActionRenderer } from '@/features/wallet/components/primary-action'
import { WithdrawForm } from '@/features/wallet/components/withdraw-form'
import { t } from '@/lib/i18n'

/** Spec section 9, "Wallet tab values". */
export type WalletTab = 'deposit' | 'withdraw'

/** The tab a `?wallet=` value picks: `withdraw`, else deposit (`true`, `deposit` or anything unknown). */
export function walletTab(value: true | string): WalletTab {
  return value === 'withdraw' ? 'withdraw' : 'deposit'
}

export interface WalletPanelProps {
  tab: WalletTab
  onTab: (tab: WalletTab) => void
  renderPrimary: PrimaryActionRenderer
  openExternal?: ((url: string) => void) | undefined
  scanQr?: (() => Promise<string | undefined>) | undefined
  onStep?: ((step: PaymentStep, back: () => void) => void) | undefined
  onShowInvoice: (key: 'deposit-status' | 'cancel-deposit', id: string) => void
}

/** The wallet modal's body in either mode: the deposit and withdraw tabs. */
export function WalletPanel({ tab, onTab, renderPrimary, openExternal, scanQr, onStep, onShowInvoice }: WalletPanelProps) {
  return (
    <div className="flex flex-col gap-5">
      <ChoiceGroup
        label={t('Wallet')}
        value={tab}
        options={[
          { value: 'deposit', label: t('Deposit') },
          { value: 'withdraw', label: t('Withdraw') },
        ]}
        onChange={onTab}
      />
      {tab === 'deposit' ? (
        <DepositForm key="deposit" renderPrimary={renderPrimary} openExternal={openExternal} onStep={onStep} onShowInvoice={onShowInvoice} />
      ) : (
        <WithdrawForm key="withdraw" renderPrimary={renderPrimary} scanQr={scanQr} onStep={onStep} />
      )}
    </div>
  )
}
