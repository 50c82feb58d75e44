import { createContext, useContext } from 'react'

import type { SessionState } from '@/lib/session/session-reducer'
import type { Profile, SessionResponse } from '@/lib/api-types'

export interface Session {
  state: SessionState
  /** Stores a sign-in's session response, hands it to the app (the player's data) and tells the other tabs. */
  login: (session: SessionResponse) => void
  /** Ends the session here and in the other tabs. */
  logout: () => void
  /** The signed-in player's profile changed (a number attached): the app keeps it where profiles live. */
  setProfile: (profile: Profile) => void
}

export const SessionContext = createContext<Session | undefined>(undefined)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}
