export { activeAccount, useActiveCurrency } from '@/lib/accounts/active-account'
export { accountsQueryOptions, useAccounts } from '@/lib/accounts/api/get-accounts'
