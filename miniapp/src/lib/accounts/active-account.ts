import { useQuery } from '@tanstack/react-query'

import { accountsQueryOptions } from '@/lib/accounts/api/get-accounts'
import type { Account } from '@/lib/api-types'
import { useSession } from '@/lib/session'

/** The active account: the one with status 1, else the first. */
export function activeAccount(accounts: readonly Account[] | undefined): Account | undefined {
  return accounts?.find((account) => account.status === 1) ?? accounts?.[0]
}

/**
 * The signed-in player's active currency, which the calls priced in it carry (quests, cashback); undefined
 * for a guest and until the accounts are in. A switch changes it, and with it those calls' query keys.
 */
export function useActiveCurrency(): string | undefined {
  const { state } = useSession()
  const accounts = useQuery({ ...accountsQueryOptions(), enabled: state.status === 'loggedIn' })
  return state.status === 'loggedIn' ? activeAccount(accounts.data)?.currency : undefined
}
