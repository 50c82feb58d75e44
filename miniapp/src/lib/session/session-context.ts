import { createContext, useContext } from 'react'

import type { SessionState } from '@/lib/session/session-reducer'
import type { Account, Profile, SessionResponse } from '@/lib/session/types'

export interface Session {
  state: SessionState
  /** Stores a sign-in's session response, tells the other tabs and loads the accounts. */
  login: (session: SessionResponse) => void
  /** Ends the session here and in the other tabs. */
  logout: () => void
  setProfile: (profile: Profile) => void
  setAccounts: (accounts: Account[]) => void
}

export const SessionContext = createContext<Session | undefined>(undefined)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}
