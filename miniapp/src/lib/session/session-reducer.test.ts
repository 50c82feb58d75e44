import { describe, expect, it } from 'vitest'

import { loggedOutState, type SessionAction, sessionReducer, type SessionState } from '@/lib/session/session-reducer'
import { profile } from '@/test/fixtures'


function run(...actions: SessionAction[]): SessionState {
  return actions.reduce(sessionReducer, loggedOutState)
}

const signedIn: SessionAction = { type: 'sessionStored', session: { accessToken: 'token-1', profile } }

describe('sessionReducer', () => {
  it("logs in once a session response is stored, keeping the token and the player's id", () => {
    expect(run(signedIn)).toEqual({ ...loggedOutState, status: 'loggedIn', token: 'token-1', profileId: profile.id })
  })

  it("restores a stored token at start-up once the player's data arrives, or logs out", () => {
    const restoring = run({ type: 'restoreStarted', token: 'stored', profileId: profile.id })
    expect(restoring).toMatchObject({ status: 'restoring', token: 'stored', profileId: profile.id })
    expect(sessionReducer(restoring, { type: 'restored' })).toMatchObject({
      status: 'loggedIn',
      token: 'stored',
      profileId: profile.id,
    })
    expect(sessionReducer(restoring, { type: 'loggedOut' })).toEqual(loggedOutState)
  })

  it("keeps a messenger player's re-login when the start-up's restore fails after it began", () => {
    const restoring = run({ type: 'restoreStarted', token: 'stored', profileId: profile.id })
    expect(sessionReducer(restoring, { type: 'restoreFailed' })).toEqual(loggedOutState)
    const relogging = sessionReducer(restoring, { type: 'messengerReloginStarted' })
    expect(relogging).toEqual({ ...loggedOutState, messengerRelogin: true })
    expect(sessionReducer(relogging, { type: 'restoreFailed' })).toBe(relogging)
    expect(sessionReducer(relogging, signedIn)).toMatchObject({ status: 'loggedIn', messengerRelogin: false })
  })

  it('ignores late data for a session that has ended', () => {
    expect(run({ type: 'tokenRefreshed', token: 'x' })).toBe(loggedOutState)
    expect(run({ type: 'restored' })).toBe(loggedOutState)
  })

  it('replaces the token on refresh and keeps the rest', () => {
    expect(run(signedIn, { type: 'tokenRefreshed', token: 'token-2' })).toMatchObject({
      status: 'loggedIn',
      token: 'token-2',
      profileId: profile.id,
    })
  })

  it('clears token and player on logout', () => {
    expect(run(signedIn, { type: 'loggedOut' })).toEqual(loggedOutState)
  })

  it('reloads a signed-out tab when another tab logs in; a signed-in tab carries on', () => {
    expect(run({ type: 'otherTabLoggedIn' })).toMatchObject({ status: 'loggedOut', crossTabAction: 'reload' })
    expect(run(signedIn, { type: 'otherTabLoggedIn' })).toEqual(run(signedIn))
  })

  it('logs a signed-in tab out and sends it home when another tab logs out', () => {
    expect(run(signedIn, { type: 'otherTabLoggedOut' })).toEqual({ ...loggedOutState, crossTabAction: 'goHome' })
    expect(run({ type: 'restoreStarted', token: 't', profileId: profile.id }, { type: 'otherTabLoggedOut' })).toMatchObject({
      status: 'loggedOut',
      crossTabAction: 'goHome',
    })
    expect(run({ type: 'otherTabLoggedOut' })).toBe(loggedOutState)
  })

  it('a new login clears a pending cross-tab action', () => {
    expect(run({ type: 'otherTabLoggedIn' }, signedIn).crossTabAction).toBeUndefined()
  })
})
