import type { Account, Profile, SessionResponse } from '@/lib/session/types'

export interface SessionState {
  /** `restoring`: a stored token was found at start-up and profile and accounts are loading. */
  status: 'loggedOut' | 'restoring' | 'loggedIn'
  token: string | undefined
  profile: Profile | undefined
  accounts: Account[] | undefined
  /** What another tab's change asks of this one: reload (it signed in) or go home (it signed out). */
  crossTabAction: 'reload' | 'goHome' | undefined
}

export type SessionAction =
  | { type: 'restoreStarted'; token: string }
  | { type: 'restored'; profile: Profile; accounts: Account[] }
  | { type: 'sessionStored'; session: SessionResponse }
  | { type: 'profileLoaded'; profile: Profile }
  | { type: 'accountsLoaded'; accounts: Account[] }
  | { type: 'tokenRefreshed'; token: string }
  | { type: 'loggedOut' }
  | { type: 'otherTabLoggedIn' }
  | { type: 'otherTabLoggedOut' }

export const loggedOutState: SessionState = {
  status: 'loggedOut',
  token: undefined,
  profile: undefined,
  accounts: undefined,
  crossTabAction: undefined,
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'restoreStarted':
      return state.status === 'loggedOut' ? { ...loggedOutState, status: 'restoring', token: action.token } : state
    case 'restored':
      return state.status === 'restoring'
        ? { ...state, status: 'loggedIn', profile: action.profile, accounts: action.accounts }
        : state
    case 'sessionStored':
      return { ...loggedOutState, status: 'loggedIn', token: action.session.accessToken, profile: action.session.profile }
    case 'profileLoaded':
      return state.status === 'loggedIn' ? { ...state, profile: action.profile } : state
    case 'accountsLoaded':
      return state.status === 'loggedIn' ? { ...state, accounts: action.accounts } : state
    case 'tokenRefreshed':
      return state.status === 'loggedOut' ? state : { ...state, token: action.token }
    case 'loggedOut':
      return loggedOutState
    case 'otherTabLoggedIn':
      // A signed-in tab keeps its own session; a signed-out one picks the new one up by reloading.
      return state.status === 'loggedOut' ? { ...state, crossTabAction: 'reload' } : state
    case 'otherTabLoggedOut':
      return state.status === 'loggedOut' ? state : { ...loggedOutState, crossTabAction: 'goHome' }
  }
}
