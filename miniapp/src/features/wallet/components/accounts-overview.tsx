import { SkeletonColumn } from '@/components/ui/skeleton-column'
import { useAccounts } from '@/lib/accounts'
import { balancesKey } from '@/features/wallet/api/get-converted-accounts'
import { AccountList } from '@/features/wallet/components/account-list'
import { AddAccount } from '@/features/wallet/components/add-account'
import { ConvertedTotal } from '@/features/wallet/components/converted-total'
import { LoadError } from '@/features/wallet/components/load-error'
import { t } from '@/lib/i18n'
import { useCurrencies } from '@/lib/settings'

/**
 * The converted total in the equivalent currency, every account with switch and hide, and a new account
 * in any enabled currency not yet held: the currency panel's content and the wallet page's first section.
 */
export function AccountsOverview() {
  const accounts = useAccounts()
  const currencies = useCurrencies()
  if (accounts.isError || currencies.isError) {
    return (
      <LoadError
        title={t('Your accounts did not load')}
        onRetry={() => {
          if (accounts.isError) void accounts.refetch()
          if (currencies.isError) void currencies.refetch()
        }}
      />
    )
  }
  if (!accounts.data || !currencies.data) {
    // The shape of the loaded overview with one account (total, one row, the add form), so nothing below moves.
    return <SkeletonColumn className="gap-4" blocks={['h-[9.75rem] rounded-xl', 'h-14 rounded-xl', 'h-[8.5rem] rounded-xl']} />
  }
  return (
    <div className="flex flex-col gap-4">
      <ConvertedTotal currencies={currencies.data} balanceKey={balancesKey(accounts.data)} />
      <AccountList accounts={accounts.data} currencies={currencies.data} />
      <AddAccount accounts={accounts.data} currencies={currencies.data} />
    </div>
  )
}
