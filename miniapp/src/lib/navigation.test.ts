import { describe, expect, it } from 'vitest'

import { redirectTarget } from '@/lib/navigation'

const origin = 'https://casino.test'

describe('redirectTarget', () => {
  it('keeps a path of this site inside the app', () => {
    expect(redirectTarget('/games?page=2#top', origin)).toEqual({ href: '/games?page=2#top', external: false })
    expect(redirectTarget('https://casino.test/wallet', origin)).toEqual({ href: '/wallet', external: false })
  })

  it('loads an http(s) address elsewhere as a full page', () => {
    expect(redirectTarget('https://pay.example/checkout?id=1', origin)).toEqual({
      href: 'https://pay.example/checkout?id=1',
      external: true,
    })
    expect(redirectTarget('//pay.example/x', origin)).toEqual({ href: 'https://pay.example/x', external: true })
  })

  it('refuses nothing, dangerous protocols and other schemes', () => {
    expect(redirectTarget(undefined, origin)).toBeUndefined()
    expect(redirectTarget(' ', origin)).toBeUndefined()
    expect(redirectTarget('javascript:alert(1)', origin)).toBeUndefined()
    expect(redirectTarget('data:text/html,hi', origin)).toBeUndefined()
    expect(redirectTarget('tg://resolve?domain=x', origin)).toBeUndefined()
  })
})
