import { describe, expect, it } from 'vitest'

import { applyMask, CPF_MASK, maskedInput, PERSONAL_ID_MASK, postalCodeMask } from '@/lib/validation/masks'

describe('the masks of the profile fields', () => {
  it('keeps a CPF’s digits whether typed bare, pasted with separators or edited in the masked input', () => {
    expect(maskedInput('52998224725', CPF_MASK)).toBe('52998224725')
    expect(maskedInput('529.982.247-25', CPF_MASK)).toBe('52998224725')
    expect(maskedInput('529.982.2x', CPF_MASK)).toBe('5299822')
    expect(maskedInput('529.982.247-2512', CPF_MASK)).toBe('52998224725')
    expect(applyMask('52998224725', CPF_MASK)).toBe('529.982.247-25')
    // Deleting the character after a separator leaves the separator out, not stuck.
    expect(applyMask(maskedInput('529.', CPF_MASK), CPF_MASK)).toBe('529')
  })

  it('shapes postal codes by country, and elsewhere keeps letters and digits only', () => {
    expect(postalCodeMask('br')).toBe('#####-###')
    expect(applyMask(maskedInput('01310 100', postalCodeMask('BR')), postalCodeMask('BR'))).toBe('01310-100')
    expect(maskedInput('SW1A 1AA', postalCodeMask('GB'))).toBe('SW1A1AA')
    expect(maskedInput('1234-567', postalCodeMask('PT'))).toBe('1234567')
    expect(maskedInput('12345678901', postalCodeMask(''))).toBe('1234567890')
  })

  it('keeps an identity document number’s letters and digits, up to 20', () => {
    expect(maskedInput('mg-12.345.678', PERSONAL_ID_MASK)).toBe('mg12345678')
    expect(maskedInput('1'.repeat(25), PERSONAL_ID_MASK)).toHaveLength(20)
  })
})
