import type { QueryClient } from '@tanstack/react-query'

/**
 * The queries that depend on the active account (spec section 4, "Account switch": after a switch the
 * product refreshes quests, bonuses, free spins, cashback and deposit bonuses). Written down here once:
 * the features that own these queries (bonuses, quests; some still to come) must start their query keys
 * with these prefixes, because features cannot import each other and so cannot hand the wallet their
 * `queryOptions`.
 */
export const ACCOUNT_DEPENDENT_QUERY_KEYS = [
  ['retention', 'quests'],
  ['bonuses', 'player-bonuses'],
  ['bonuses', 'player-freespins'],
  ['bonuses', 'cashback'],
  ['bonuses', 'deposit-bonuses'],
] as const

/** Marks every account-dependent query stale and refetches those on screen. */
export async function refreshAccountDependentQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(ACCOUNT_DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
