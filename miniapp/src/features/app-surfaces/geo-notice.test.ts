import { describe, expect, it } from 'vitest'

import { fittingLocale, geoPopupDue } from '@/features/app-surfaces/geo-notice'

const britain = { country: 'GB', restricted: true, locale: 'en' }
const brazil = { country: 'BR', restricted: false, locale: 'pt-br' }
const germany = { country: 'DE', restricted: false, locale: 'en' }

describe('geo-popup', () => {
  it('is due for a restricted country, once per country', () => {
    expect(geoPopupDue(britain, 'en', undefined, null)).toBe(true)
    expect(geoPopupDue(britain, 'en', 'en', 'BR')).toBe(true)
    expect(geoPopupDue(britain, 'en', undefined, 'GB')).toBe(false)
  })

  it("is due where another of the site's locales fits, unless the visitor chose a language", () => {
    expect(geoPopupDue(brazil, 'en', undefined, null)).toBe(true)
    expect(fittingLocale(brazil, 'en', undefined)).toBe('pt-br')
    expect(geoPopupDue(brazil, 'pt-br', undefined, null)).toBe(false)
    expect(geoPopupDue(brazil, 'en', 'en', null)).toBe(false)
    expect(geoPopupDue(germany, 'en', undefined, null)).toBe(false)
    expect(fittingLocale({ ...brazil, locale: 'de' }, 'en', undefined)).toBeUndefined()
  })

  it('is never due without a country', () => {
    expect(geoPopupDue({ country: null, restricted: false, locale: null }, 'en', undefined, null)).toBe(false)
  })
})
