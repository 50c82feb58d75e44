import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'

import { guarded } from '@/app/route-guards'
import { fakeJwt } from '@/test/fake-jwt'
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

  it('an unknown guard name raises "Unknown route middleware"', () => {
    expect(() => {
      guarded('admin')(at)
    }).toThrow('Unknown route middleware')
  })
})
