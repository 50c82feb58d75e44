import { describe, expect, it } from 'vitest'

import { acceptSocialState, createSocialState, isInternalPath } from '@/features/auth/social-state'

describe('the social sign-in state', () => {
  it('brings back the route it was started from, once', () => {
    const state = createSocialState('/games?page=2')
    expect(acceptSocialState(state)).toEqual({ back: '/games?page=2', intent: 'sign-in' })
    expect(acceptSocialState(state)).toBeUndefined()
  })

  it('refuses a state this tab did not start', () => {
    createSocialState('/')
    const forged = btoa(JSON.stringify({ nonce: 'guess', back: '/' }))
    expect(acceptSocialState(forged)).toBeUndefined()
    expect(acceptSocialState('not base64 json')).toBeUndefined()
  })

  it('never returns to another site', () => {
    expect(acceptSocialState(createSocialState('//evil.test/'))).toEqual({ back: '/', intent: 'sign-in' })
    expect(isInternalPath('https://evil.test/')).toBe(false)
    expect(isInternalPath('/\\evil.test')).toBe(false)
    expect(isInternalPath('/profile')).toBe(true)
  })
})

describe('a linking round trip', () => {
  it('carries its intent back, so the callback links instead of signing in', () => {
    expect(acceptSocialState(createSocialState('/profile/settings/account', sessionStorage, 'link'))).toEqual({
      back: '/profile/settings/account',
      intent: 'link',
    })
  })
})
