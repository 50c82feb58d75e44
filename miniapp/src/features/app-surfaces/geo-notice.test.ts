import { describe, expect, it } from 'vitest'

import { fittingLocale, geoPopupDue } from '@/features/app-surfaces/geo-notice'

const britain = { country: 'GB', restricted: true, locale: 'en' }
const brazil = { country: 'BR', restricted: false, locale: 'pt-br' }
const germany = { country: 'DE', restricted: false, locale: 'en' }

describe('geo-popup', () => {
  it('is due for a restricted country, once per country', () => {
    expect(geoPopupDue(britain, 'en', null)).toBe(true)
    expect(geoPopupDue(britain, 'en', 'BR')).toBe(true)
    expect(geoPopupDue(britain, 'en', 'GB')).toBe(false)
  })

  it("is due where another of the site's locales fits", () => {
    expect(geoPopupDue(brazil, 'en', null)).toBe(true)
    expect(fittingLocale(brazil, 'en')).toBe('pt-br')
    expect(geoPopupDue(brazil, 'pt-br', null)).toBe(false)
    expect(geoPopupDue(brazil, 'en', 'BR')).toBe(false)
    expect(geoPopupDue(germany, 'en', null)).toBe(false)
    expect(fittingLocale({ ...brazil, locale: 'de' }, 'en')).toBeUndefined()
  })

  it('is never due without a country', () => {
    expect(geoPopupDue({ country: null, restricted: false, locale: null }, 'en', null)).toBe(false)
  })
})
