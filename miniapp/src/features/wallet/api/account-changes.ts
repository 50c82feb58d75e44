import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

import { refreshAccountDependentQueries } from '@/features/wallet/account-dependent-queries'
import { accountsQueryOptions } from '@/lib/accounts'
import { convertedAccountsQueryOptions } from '@/features/wallet/api/get-converted-accounts'
import { apiList, apiRequest } from '@/lib/api-client'
import type { Account } from '@/lib/api-types'

/**
 * The three changes a player makes to the accounts: switch the active one, hide one, open one. Switch
 * and hide answer the new list, which goes straight into the accounts query; every change refreshes
 * the converted total.
 */

/** `PUT /wallet/accounts/{id}/switch-account`: the accounts after the switch (exactly one active). */
function switchAccount(id: number): Promise<Account[]> {
  return apiList<Account>(`/wallet/accounts/${String(id)}/switch-account`, { method: 'PUT' })
}

/** `PUT /wallet/accounts/{id}/hide`: 409 `account_active` or `account_not_empty` when it may not be hidden. */
function hideAccount(id: number): Promise<Account[]> {
  return apiList<Account>(`/wallet/accounts/${String(id)}/hide`, { method: 'PUT' })
}

/** `POST /wallet/accounts`: a new account in `currency` (or a hidden one back); 409 `account_exists`. */
function openAccount(currency: string): Promise<Account> {
  return apiRequest<Account>('/wallet/accounts', { method: 'POST', body: { currency } })
}

async function storeAccounts(queryClient: QueryClient, accounts: Account[] | undefined): Promise<void> {
  if (accounts) queryClient.setQueryData(accountsQueryOptions().queryKey, accounts)
  else await queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey, exact: true })
  await queryClient.invalidateQueries({ queryKey: convertedAccountsQueryOptions().queryKey.slice(0, 3) })
}

/** Switches the active account, then refreshes what depends on it (spec section 4, "Account switch"). */
export function useSwitchAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: async (accounts) => {
      await storeAccounts(queryClient, accounts)
      await refreshAccountDependentQueries(queryClient)
    },
  })
}

export function useHideAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: hideAccount,
    onSuccess: (accounts) => storeAccounts(queryClient, accounts),
  })
}

export function useOpenAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: openAccount,
    onSuccess: () => storeAccounts(queryClient, undefined),
  })
}
