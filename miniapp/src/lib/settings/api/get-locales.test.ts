import { describe, expect, it } from 'vitest'

import { offeredLocales } from '@/lib/settings/api/get-locales'
import { locales } from '@/lib/settings/testing/handlers'

describe('the languages a picker offers', () => {
  it("are the platform's, in its order and names, that the client has a catalogue for", () => {
    expect(offeredLocales(locales, 'en').map(({ code }) => code)).toEqual(['en', 'ru', 'es', 'pt-br'])
    expect(offeredLocales([{ code: 'es', localeCode: 'es-ES', name: 'Castellano', isDefault: false }], 'es')).toEqual([{ code: 'es', name: 'Castellano' }])
  })

  it('always hold the language on screen, alone until the list loads', () => {
    expect(offeredLocales(undefined, 'ru')).toEqual([{ code: 'ru', name: 'Русский' }])
    expect(offeredLocales(locales.slice(0, 1), 'es').map(({ code }) => code)).toEqual(['es', 'en'])
  })
})
