import { useQueryClient } from '@tanstack/react-query'

import { accountsQueryOptions } from '@/lib/accounts'
import type { Account } from '@/lib/api-types'
import { writePublication } from '@/lib/live-cache'
import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'

/** What `wallet:accounts#{profileId}` publishes on every balance change. */
interface AccountsPublication {
  account?: Account
  accounts?: Account[]
}

export function walletAccountsChannel(profileId: number): string {
  return `wallet:accounts#${profileId}`
}

/** The accounts after a publication: its full list, else the cached list with its one changed account. */
export function applyAccountsPublication(cached: Account[] | undefined, data: unknown): Account[] | undefined {
  const publication = data as AccountsPublication
  if (Array.isArray(publication.accounts)) return publication.accounts
  const changed = publication.account
  return changed && cached ? cached.map((account) => (account.id === changed.id ? changed : account)) : cached
}

/**
 * Keeps the accounts query (and so every balance shown) equal to what the wallet publishes, and fetches
 * the accounts again whenever the channel is (re)subscribed: a balance change published before that (a
 * deposit settled during sign-in, or while the connection was down) is not delivered again.
 */
export function LiveAccounts() {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const profileId = state.status === 'loggedIn' ? state.profileId : undefined
  useChannel(
    profileId === undefined ? undefined : walletAccountsChannel(profileId),
    (data) => {
      // Through `writePublication`: an accounts fetch still on its way (the sign-in's, a refocus) would
      // otherwise land after the push with the balance from before it.
      writePublication<Account[]>(queryClient, accountsQueryOptions().queryKey, (cached) => applyAccountsPublication(cached, data))
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey })
    },
  )
  return null
}
