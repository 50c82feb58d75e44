import { isRedirect } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { guarded } from '@/app/route-guards'
import { fakeJwt } from '@/test/fake-jwt'
import { TELEGRAM_LAUNCH_KEY, markMessengerSignInFailed } from '@/lib/launch'
import { storeToken } from '@/lib/session'

const at = { location: { pathname: '/wallet' } }

function thrown(run: () => void): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('route guards', () => {
  afterEach(() => {
    sessionStorage.clear()
  })

  it('auth sends a guest home to sign in', () => {
    const error = thrown(() => {
      guarded('auth')(at)
    })
    expect(isRedirect(error)).toBe(true)
    expect((error as { options: { to: string; search: unknown } }).options).toMatchObject({ to: '/', search: { 'sign-in': true } })
  })

  it('auth lets a player with a session through', () => {
    storeToken(fakeJwt({ sub: '42' }))
    expect(thrown(() => {
      guarded('auth')(at)
    })).toBeUndefined()
  })

  it('auth lets a Telegram launch through while its sign-in is under way, and not after it failed', () => {
    sessionStorage.setItem(TELEGRAM_LAUNCH_KEY, JSON.stringify({ initData: 'query_id=1&hash=abc', startParam: undefined }))
    expect(thrown(() => {
      guarded('auth')(at)
    })).toBeUndefined()

    markMessengerSignInFailed()
    expect(sessionStorage.getItem(TELEGRAM_LAUNCH_KEY)).toBeNull()
    expect(isRedirect(thrown(() => {
      guarded('auth')(at)
    }))).toBe(true)
  })

  it('an unknown guard name raises "Unknown route middleware"', () => {
    expect(() => {
      guarded('admin')(at)
    }).toThrow('Unknown route middleware')
  })
})
