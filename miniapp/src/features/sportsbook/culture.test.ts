import { describe, expect, it } from 'vitest'

import { sportsbookCulture } from '@/features/sportsbook/culture'

describe('sportsbookCulture', () => {
  it('maps the spec’s regional variants and the app’s languages to the widget’s cultures', () => {
    expect(sportsbookCulture('es-MX')).toBe('es-ES')
    expect(sportsbookCulture('en-US')).toBe('en-GB')
    expect(sportsbookCulture('en')).toBe('en-GB')
    expect(sportsbookCulture('ru')).toBe('ru-RU')
    expect(sportsbookCulture('es')).toBe('es-ES')
    expect(sportsbookCulture('pt-BR')).toBe('pt-BR')
    expect(sportsbookCulture('pt-br')).toBe('pt-BR')
  })

  it('falls back to en-GB for a language the widget does not speak', () => {
    expect(sportsbookCulture('de')).toBe('en-GB')
    expect(sportsbookCulture('')).toBe('en-GB')
  })
})
