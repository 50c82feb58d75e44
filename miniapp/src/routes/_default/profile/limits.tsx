import { createFileRoute } from '@tanstack/react-router'

import { LimitsPage } from '@/features/limits/components/limits-page'
import { activeAccount } from '@/lib/accounts'
import { useAccounts } from '@/lib/accounts'

/** `/profile/limits`: responsible gambling; a new limit starts in the active account's currency. */
export const Route = createFileRoute('/_default/profile/limits')({
  component: ProfileLimitsRoute,
})

function ProfileLimitsRoute() {
  const accounts = useAccounts()
  return <LimitsPage currency={activeAccount(accounts.data)?.currency} accountCurrencies={accounts.data?.map((account) => account.currency) ?? []} />
}
