import { describe, expect, it } from 'vitest'

import { localizePath, splitLocale } from '@/lib/i18n/locales'

describe('locale prefixes', () => {
  it('reads the locale off a path, English when it names none', () => {
    expect(splitLocale('/es/games')).toEqual({ locale: 'es', path: '/games' })
    expect(splitLocale('/pt-br')).toEqual({ locale: 'pt-br', path: '/' })
    expect(splitLocale('/games')).toEqual({ locale: 'en', path: '/games' })
    // Two letters that are no language of the product: an ordinary path.
    expect(splitLocale('/xx/games')).toEqual({ locale: 'en', path: '/xx/games' })
  })

  it('leaves the language alone on paths that never carry one', () => {
    expect(splitLocale('/password-reset/abc')).toEqual({ locale: undefined, path: '/password-reset/abc' })
    expect(splitLocale('/auth/social/google/callback')).toEqual({ locale: undefined, path: '/auth/social/google/callback' })
    expect(localizePath('/password-reset/abc', 'es')).toBe('/password-reset/abc')
  })

  it('prefixes other languages in lowercase and the default one not at all', () => {
    expect(localizePath('/', 'es')).toBe('/es/')
    expect(localizePath('/games', 'pt-br')).toBe('/pt-br/games')
    expect(localizePath('/games', 'en')).toBe('/games')
  })
})
