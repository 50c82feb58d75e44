import { PanelButton } from '@/components/panel-button'
import { activeAccount } from '@/features/wallet/active-account'
import { useAccounts } from '@/features/wallet/api/get-accounts'
import type { Account } from '@/lib/api-types'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'
import { formatMoney } from '@/lib/money'
import { type Currency, useCurrencies } from '@/lib/settings'

function formatBalance(account: Account, currencies: readonly Currency[] | undefined): string | undefined {
  const currency = currencies?.find((candidate) => candidate.code === account.currency)
  return currency ? formatMoney(account.balance, currency, { locale: LOCALE_TAGS[currentLocale()] }) : undefined
}

/** The active account's balance; a tap opens the sheet of every account. A skeleton until both load. */
export function BalanceButton() {
  const { data: accounts } = useAccounts()
  const currencies = useCurrencies()
  const active = activeAccount(accounts)
  const shown = active && formatBalance(active, currencies.data)
  if (!active || (shown === undefined && currencies.isPending)) {
    return <div aria-hidden="true" className="skeleton h-11 w-24 rounded-xl" />
  }
  return (
    <PanelButton
      label={t('Balance {amount}. Show accounts', { amount: shown ?? active.currency })}
      className="flex min-h-11 items-center gap-1.5 rounded-xl bg-section px-3 text-sm font-semibold text-fg tabular-nums"
      title={t('Your accounts')}
      panel={() => (
        <ul className="flex flex-col gap-2">
          {(accounts ?? []).map((account) => (
            <li key={account.id} className="flex min-h-12 items-center justify-between gap-4 rounded-xl bg-section px-4 text-sm">
              <span className="font-semibold">
                {account.currency}
                {account === active ? <span className="ml-2 text-xs font-normal text-hint">{t('Active')}</span> : null}
              </span>
              <span className="tabular-nums">{formatBalance(account, currencies.data) ?? '—'}</span>
            </li>
          ))}
        </ul>
      )}
    >
      <span data-testid="header-balance">{shown ?? active.currency}</span>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="m6 9 6 6 6-6" />
      </svg>
    </PanelButton>
  )
}
