import { describe, expect, it } from 'vitest'

import { applyMask, maskNumber, unmask } from '@/lib/validation/masks'

const NBSP = '\u00a0'

describe('applyMask', () => {
  it('fits digits, letters and either into the mask with its literals', () => {
    expect(applyMask('5511912345678', '+## (##) #####-####')).toBe('+55 (11) 91234-5678')
    expect(applyMask('ab12', '@@-##')).toBe('ab-12')
    expect(applyMask('a1b2c3', '***-***')).toBe('a1b-2c3')
  })

  it('drops characters a token refuses and stops where the input ends', () => {
    expect(applyMask('1a2b3', '###')).toBe('123')
    expect(applyMask('55', '+## (##)')).toBe('+55')
    expect(applyMask('551', '+## (##)')).toBe('+55 (1')
    expect(applyMask('', '+## (##)')).toBe('')
    expect(applyMask('12', '@@')).toBe('')
  })

  it('is stable when the masked value is masked again', () => {
    const once = applyMask('123456789', '###.###.###-##')
    expect(applyMask(once, '###.###.###-##')).toBe(once)
  })

  it('unmasks back to what was typed', () => {
    expect(unmask('+55 (11) 91234-5678', '+## (##) #####-####')).toBe('5511912345678')
    expect(unmask('ab-12', '@@-##')).toBe('ab12')
  })
})

describe('maskNumber', () => {
  it('groups by locale and truncates extra fraction digits instead of rounding', () => {
    expect(maskNumber('1234567.899', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '1,234,567.89', value: '1234567.89' })
    expect(maskNumber('1234567,899', { locale: 'pt-BR', fractionDigits: 2 })).toEqual({ display: '1.234.567,89', value: '1234567.89' })
    expect(maskNumber('1234567,5', { locale: 'ru', fractionDigits: 2 })).toEqual({
      display: `1${NBSP}234${NBSP}567,5`,
      value: '1234567.5',
    })
    expect(maskNumber('0.999', { locale: 'en', fractionDigits: 0 })).toEqual({ display: '0', value: '0' })
  })

  it('keeps a separator and trailing zeros while the player types', () => {
    expect(maskNumber('12.', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '12.', value: '12' })
    expect(maskNumber('12.50', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '12.50', value: '12.50' })
    expect(maskNumber('.5', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '0.5', value: '0.5' })
    expect(maskNumber('007', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '7', value: '7' })
  })

  it('drops group separators and stray characters as typed', () => {
    expect(maskNumber('1,234,5x6', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '123,456', value: '123456' })
    expect(maskNumber('1.234', { locale: 'pt-BR', fractionDigits: 2 })).toEqual({ display: '1.234', value: '1234' })
  })

  it('keeps a minus unless unsigned', () => {
    expect(maskNumber('-12.5', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '-12.5', value: '-12.5' })
    expect(maskNumber('-', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '-', value: '' })
    expect(maskNumber('-12.5', { locale: 'en', fractionDigits: 2, unsigned: true })).toEqual({ display: '12.5', value: '12.5' })
    expect(maskNumber('', { locale: 'en', fractionDigits: 2 })).toEqual({ display: '', value: '' })
  })

  it('stays exact past the float range', () => {
    expect(maskNumber('123456789012345678901.99', { locale: 'en', fractionDigits: 2 }).value).toBe('123456789012345678901.99')
  })
})
