import { describe, expect, it } from 'vitest'

import { countryOptions, EXCLUDED_COUNTRY_CODES } from '@/lib/validation/countries'

const countries = [
  { code: 'US', name: 'United States' },
  { code: 'BR', name: 'Brazil' },
  { code: 'UM', name: 'U.S. Minor Outlying Islands' },
  { code: 'AT', name: 'Austria' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'AW', name: 'Aruba' },
  { code: 'CW', name: 'Curaçao' },
  { code: 'MF', name: 'Saint Martin' },
  { code: 'CI', name: 'Côte d’Ivoire' },
]

describe('countryOptions', () => {
  it('excludes US, UM, GB, FR, NL, AW, CW and MF and sorts by name', () => {
    expect(EXCLUDED_COUNTRY_CODES).toEqual(['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF'])
    expect(countryOptions(countries, 'en').map((country) => country.code)).toEqual(['AT', 'BR', 'CI'])
  })
})
