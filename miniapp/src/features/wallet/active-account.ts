import type { Account } from '@/lib/api-types'

/** The active account: the one with status 1, else the first. */
export function activeAccount(accounts: readonly Account[] | undefined): Account | undefined {
  return accounts?.find((account) => account.status === 1) ?? accounts?.[0]
}
