import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useReducer, useRef } from 'react'

import { logoutSession } from '@/lib/session/api/logout'
import { refreshSession } from '@/lib/session/api/refresh-session'
import { announceSessionChange, subscribeSessionChanges } from '@/lib/session/cross-tab'
import { createRefreshLock } from '@/lib/session/refresh-lock'
import { type Session, SessionContext } from '@/lib/session/session-context'
import { loggedOutState, sessionReducer, type SessionState } from '@/lib/session/session-reducer'
import { clearStoredToken, isTokenExpired, readStoredToken, storeToken, tokenPlayerId } from '@/lib/session/token-storage'
import type { Profile, SessionResponse } from '@/lib/api-types'
import { ApiError, connectApiSession } from '@/lib/api-client'

export interface SessionProviderProps {
  children: ReactNode
  /**
   * Loads the signed-in player's data with a stored token at start-up (the app's profile and accounts
   * queries); the session is restored when it resolves, and a rejection makes the visitor a guest.
   */
  restore: () => Promise<unknown>
  /** A sign-in's answer, for the app to start the player's data from (its profile, the accounts). */
  onSignedIn?: (session: SessionResponse) => void
  /** The player's profile changed (a number attached), for the app to keep with the player's other data. */
  onProfile?: (profile: Profile) => void
  /** A 401 or 403 ended the session of a web player: open the sign-in modal. */
  onSignInRequired?: () => void
  /** In Telegram, a lost session signs in again from init data instead of asking (`tg_login/refresh`). */
  messengerLogin?: () => Promise<SessionResponse>
  /** Another tab logged out: go to the localized home page. */
  onLoggedOutElsewhere?: () => void
}

function initialState(): SessionState {
  const token = readStoredToken()
  return token === undefined
    ? loggedOutState
    : sessionReducer(loggedOutState, { type: 'restoreStarted', token, profileId: tokenPlayerId(token) })
}

export function SessionProvider({
  children,
  restore,
  onSignedIn,
  onProfile,
  onSignInRequired,
  messengerLogin,
  onLoggedOutElsewhere,
}: SessionProviderProps) {
  const queryClient = useQueryClient()
  const [state, dispatch] = useReducer(sessionReducer, undefined, initialState)
  const callbacks = useRef({ restore, onSignedIn, onProfile, onSignInRequired, messengerLogin, onLoggedOutElsewhere })
  useEffect(() => {
    callbacks.current = { restore, onSignedIn, onProfile, onSignInRequired, messengerLogin, onLoggedOutElsewhere }
  })

  const session = useMemo(() => {
    const setProfile = (profile: Profile) => {
      callbacks.current.onProfile?.(profile)
    }

    const login = (response: SessionResponse) => {
      // A previous player's cache goes; a guest's holds only public data, and clearing it would cancel
      // the page's loads under way (a Telegram sign-in runs while the home page loads).
      if (readStoredToken() !== undefined) queryClient.clear()
      storeToken(response.accessToken)
      dispatch({ type: 'sessionStored', session: response })
      callbacks.current.onSignedIn?.(response)
      announceSessionChange('login')
    }

    const forget = () => {
      clearStoredToken()
      queryClient.clear()
      dispatch({ type: 'loggedOut' })
    }

    const logout = () => {
      const token = readStoredToken()
      if (token !== undefined) {
        logoutSession(token).catch((error: unknown) => {
          console.warn('[session] logout call failed', error)
        })
      }
      forget()
      announceSessionChange('logout')
    }

    /** The session is gone (401/403 or a failed refresh): messenger players sign in again, others are asked to. */
    const sessionLost = () => {
      const { messengerLogin: relogin, onSignInRequired: askToSignIn } = callbacks.current
      forget()
      if (relogin) {
        dispatch({ type: 'messengerReloginStarted' })
        relogin().then(login, (error: unknown) => {
          console.error('[session] messenger re-login failed', error)
          dispatch({ type: 'loggedOut' })
        })
      } else {
        announceSessionChange('logout')
        askToSignIn?.()
      }
    }

    const refreshOnce = createRefreshLock({
      refresh: async () => {
        const current = readStoredToken()
        if (current === undefined) throw new Error('No session to refresh.')
        const token = await refreshSession(current)
        storeToken(token)
        dispatch({ type: 'tokenRefreshed', token })
        return token
      },
      freshStoredToken: () => {
        const token = readStoredToken()
        return token !== undefined && !isTokenExpired(token) ? token : undefined
      },
    })

    const accessToken = async () => {
      const token = readStoredToken()
      if (token === undefined || !isTokenExpired(token)) return token
      try {
        return await refreshOnce()
      } catch (error) {
        sessionLost()
        throw error
      }
    }

    return {
      login,
      logout,
      setProfile,
      accessToken,
      sessionLost,
    } satisfies Omit<Session, 'state'> & Record<string, unknown>
  }, [queryClient])

  useEffect(
    () => connectApiSession({ accessToken: session.accessToken, onUnauthorized: session.sessionLost }),
    [session],
  )

  useEffect(
    () =>
      subscribeSessionChanges((change) => {
        dispatch({ type: change === 'login' ? 'otherTabLoggedIn' : 'otherTabLoggedOut' })
      }),
    [],
  )

  useEffect(() => {
    if (state.crossTabAction === 'reload') window.location.reload()
    if (state.crossTabAction === 'goHome') {
      clearStoredToken()
      queryClient.clear()
      const goHome =
        callbacks.current.onLoggedOutElsewhere ??
        (() => {
          window.location.assign('/')
        })
      goHome()
    }
  }, [state.crossTabAction, queryClient])

  // Start-up with a stored token: the app loads the player's data; on failure the player is a guest (only
  // logged). The token goes only when the platform refused it: after no answer (offline, a timeout) or a
  // server fault it stays, so the next start signs the player back in instead of asking for a password.
  const restoring = state.status === 'restoring'
  useEffect(() => {
    if (!restoring) return
    let cancelled = false
    callbacks.current.restore().then(
      () => {
        if (!cancelled) dispatch({ type: 'restored' })
      },
      (error: unknown) => {
        if (cancelled) return
        console.error('[session] restoring the session failed', error)
        if (!(error instanceof ApiError && (error.status === 0 || error.status >= 500))) clearStoredToken()
        dispatch({ type: 'restoreFailed' })
      },
    )
    return () => {
      cancelled = true
    }
  }, [restoring])

  const value = useMemo<Session>(
    () => ({ state, login: session.login, logout: session.logout, setProfile: session.setProfile }),
    [state, session],
  )
  return <SessionContext value={value}>{children}</SessionContext>
}
