import { beforeEach, describe, expect, it } from 'vitest'

import { connectDurableStorage } from '@/lib/durable-storage'
import { fakeJwt } from '@/test/fake-jwt'
import {
  clearStoredToken,
  isTokenExpired,
  readStoredToken,
  SESSION_TOKEN_KEY,
  storeToken,
  tokenPlayerId,
} from '@/lib/session/token-storage'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2024, 5, 15)

describe('token storage', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('keeps the token with its expiry 365 days ahead', () => {
    storeToken('abc', NOW)
    expect(JSON.parse(localStorage.getItem(SESSION_TOKEN_KEY) ?? '')).toEqual({ token: 'abc', expiresAt: NOW + 365 * DAY })
    expect(readStoredToken(NOW + 365 * DAY - 1)).toBe('abc')
  })

  it('drops the token once its 365 days are over', () => {
    storeToken('abc', NOW)
    expect(readStoredToken(NOW + 365 * DAY)).toBeUndefined()
    expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull()
  })

  it('treats an unreadable entry as no token', () => {
    for (const raw of ['not json', 'null', '{"token":1}', '"abc"']) {
      localStorage.setItem(SESSION_TOKEN_KEY, raw)
      expect(readStoredToken(NOW), raw).toBeUndefined()
    }
  })

  it('clears the token', () => {
    storeToken('abc', NOW)
    clearStoredToken()
    expect(readStoredToken(NOW)).toBeUndefined()
  })
})

describe('isTokenExpired', () => {
  const exp = NOW / 1000 + 3600

  it('counts a token expired from 10 seconds before exp', () => {
    const token = fakeJwt({ sub: '7', exp })
    expect(isTokenExpired(token, exp * 1000 - 10_001)).toBe(false)
    expect(isTokenExpired(token, exp * 1000 - 10_000)).toBe(true)
    expect(isTokenExpired(token, exp * 1000 + 1)).toBe(true)
  })

  it('never expires a token without exp, and always one that does not decode', () => {
    expect(isTokenExpired(fakeJwt({ sub: '7' }), NOW)).toBe(false)
    for (const broken of ['', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('not json')}.y`]) {
      expect(isTokenExpired(broken, NOW), broken).toBe(true)
    }
  })
})

describe('tokenPlayerId', () => {
  it("reads the player id from the token's sub, and nothing from a token without one", () => {
    expect(tokenPlayerId(fakeJwt({ sub: '42' }))).toBe(42)
    for (const token of [fakeJwt({}), fakeJwt({ sub: 'ana' }), fakeJwt({ sub: '0' }), 'not a jwt']) {
      expect(tokenPlayerId(token), token).toBeUndefined()
    }
  })
})

describe('the token in Telegram', () => {
  it("is kept in Telegram's keychain beside web storage, and leaves it with the session", async () => {
    const secure = new Map<string, string | null>()
    const disconnect = connectDurableStorage({
      read: () => Promise.resolve(null),
      write: (store, key, value) => {
        if (store === 'secure') secure.set(key, value)
        return Promise.resolve()
      },
    })
    storeToken('abc', 1_000)
    await Promise.resolve()
    expect(secure.get(SESSION_TOKEN_KEY)).toBe(localStorage.getItem(SESSION_TOKEN_KEY))

    clearStoredToken()
    await Promise.resolve()
    expect(secure.get(SESSION_TOKEN_KEY)).toBeNull()
    disconnect()
  })
})
