import { describe, expect, it } from 'vitest'

import { normalisePhone, phone, phoneProblem } from '@/lib/validation/phone'

const context = { field: 'phone', values: {}, now: new Date() }

describe('phone', () => {
  it('accepts valid international numbers', () => {
    for (const value of ['+14155552671', '+44 20 7946 0958', '+55 11 91234-5678', '+380 44 123 4567']) {
      expect(phoneProblem(value), value).toBeUndefined()
      expect(phone().test(value, context), value).toBe(true)
    }
  })

  it('names what is wrong with an invalid number', () => {
    expect(phoneProblem('4155552671')).toBe('NOT_A_NUMBER') // no calling code
    expect(phoneProblem('+1')).toBe('TOO_SHORT')
    expect(phoneProblem('+1415555267112345678')).toBe('TOO_LONG')
    expect(phoneProblem('+999 123456')).toBe('INVALID_COUNTRY')
    expect(phoneProblem(`+1${'5'.repeat(260)}`)).toBe('NOT_A_NUMBER')
    expect(phone().test('+1 415 555 26', context)).toBe(false)
    expect(phone().test(14155552671, context)).toBe(false)
  })

  it('lets an empty optional field through', () => {
    expect(phone().test('', context)).toBe(true)
    expect(phone().test(undefined, context)).toBe(true)
  })
})

describe('normalisePhone', () => {
  it('gives a valid number as the platform stores it, and nothing for an invalid one', () => {
    expect(normalisePhone(' +55 (11) 98765-4321 ')).toBe('+5511987654321')
    expect(normalisePhone('+55 11 99876-5432')).toBe('+5511998765432')
    expect(normalisePhone('98765-4321')).toBeUndefined()
    expect(normalisePhone('+1')).toBeUndefined()
  })
})
