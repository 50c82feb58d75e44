import type { SessionResponse } from '@/lib/api-types'

export interface SessionState {
  /** `restoring`: a stored token was found at start-up and the player's data is loading. */
  status: 'loggedOut' | 'restoring' | 'loggedIn'
  token: string | undefined
  /** The signed-in player's id (the token's `sub`); names their real-time channels. */
  profileId: number | undefined
  /** What another tab's change asks of this one: reload (it signed in) or go home (it signed out). */
  crossTabAction: 'reload' | 'goHome' | undefined
  /** A messenger player's lost session is signing in again from the launch (logged out until it has). */
  messengerRelogin: boolean
}

export type SessionAction =
  | { type: 'restoreStarted'; token: string; profileId: number | undefined }
  | { type: 'restored' }
  | { type: 'restoreFailed' }
  | { type: 'sessionStored'; session: SessionResponse }
  | { type: 'tokenRefreshed'; token: string }
  | { type: 'loggedOut' }
  | { type: 'messengerReloginStarted' }
  | { type: 'otherTabLoggedIn' }
  | { type: 'otherTabLoggedOut' }

export const loggedOutState: SessionState = {
  status: 'loggedOut',
  token: undefined,
  profileId: undefined,
  crossTabAction: undefined,
  messengerRelogin: false,
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'restoreStarted':
      return state.status === 'loggedOut'
        ? { ...loggedOutState, status: 'restoring', token: action.token, profileId: action.profileId }
        : state
    case 'restored':
      return state.status === 'restoring' ? { ...state, status: 'loggedIn' } : state
    // The refusal may have ended the session already (a messenger re-login under way): that stands.
    case 'restoreFailed':
      return state.status === 'restoring' ? loggedOutState : state
    case 'sessionStored':
      return {
        ...loggedOutState,
        status: 'loggedIn',
        token: action.session.accessToken,
        profileId: action.session.profile.id,
      }
    case 'tokenRefreshed':
      return state.status === 'loggedOut' ? state : { ...state, token: action.token }
    case 'loggedOut':
      return loggedOutState
    case 'messengerReloginStarted':
      return { ...loggedOutState, messengerRelogin: true }
    case 'otherTabLoggedIn':
      // A signed-in tab keeps its own session; a signed-out one picks the new one up by reloading.
      return state.status === 'loggedOut' ? { ...state, crossTabAction: 'reload' } : state
    case 'otherTabLoggedOut':
      return state.status === 'loggedOut' ? state : { ...loggedOutState, crossTabAction: 'goHome' }
  }
}
