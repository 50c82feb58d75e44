import { lazy, Suspense } from 'react'

import { PanelButton } from '@/components/panel-button'
import { activeAccount } from '@/lib/accounts'
import { useAccounts } from '@/lib/accounts'
import { formatIn } from '@/features/wallet/money-format'
import { t } from '@/lib/i18n'
import { useCurrencies } from '@/lib/settings'

/** The currency panel loads when it opens: it is not part of the home page's first JavaScript. */
const CurrencyPanel = lazy(() => import('@/features/wallet/components/currency-panel'))

/** The active account's balance; a tap opens the currency panel. A skeleton until both load. */
export function BalanceButton() {
  const { data: accounts } = useAccounts()
  const currencies = useCurrencies()
  const active = activeAccount(accounts)
  const shown = active && formatIn(active.balance, active.currency, currencies.data)
  if (!active || (shown === undefined && currencies.isPending)) {
    return <div aria-hidden="true" className="skeleton h-11 w-24 rounded-xl" />
  }
  return (
    <PanelButton
      label={t('Balance {amount}. Show accounts', { amount: shown ?? active.currency })}
      className="flex min-h-11 items-center gap-1.5 rounded-xl bg-section px-3 text-sm font-semibold text-fg tabular-nums"
      title={t('Your accounts')}
      panel={() => (
        <Suspense fallback={<div aria-hidden="true" className="skeleton h-40 rounded-xl" />}>
          <CurrencyPanel />
        </Suspense>
      )}
    >
      <span data-testid="header-balance">{shown ?? active.currency}</span>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="m6 9 6 6 6-6" />
      </svg>
    </PanelButton>
  )
}
