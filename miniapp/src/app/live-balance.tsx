import { useChannel } from '@/lib/realtime'
import { type Account, useSession } from '@/lib/session'

/** What `wallet:accounts#{profileId}` publishes on every balance change. */
interface AccountsPublication {
  account?: Account
  accounts?: Account[]
}

export function walletAccountsChannel(profileId: number): string {
  return `wallet:accounts#${profileId}`
}

/** Keeps the session's accounts (and so the header balance) equal to what the wallet publishes. */
export function LiveBalance() {
  const { state, setAccounts } = useSession()
  const profileId = state.status === 'loggedIn' ? state.profile?.id : undefined
  useChannel(profileId === undefined ? undefined : walletAccountsChannel(profileId), (data) => {
    const publication = data as AccountsPublication
    if (Array.isArray(publication.accounts)) {
      setAccounts(publication.accounts)
      return
    }
    const changed = publication.account
    if (changed && state.accounts) {
      setAccounts(state.accounts.map((account) => (account.id === changed.id ? changed : account)))
    }
  })
  return null
}
