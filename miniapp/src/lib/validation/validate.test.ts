import { describe, expect, it } from 'vitest'

import { fieldRules, mergeServerRules, ruleFromServer, type ServerFieldValidation } from '@/lib/validation/field-rules'
import { defaultMessages, formatMessage, messageCatalogue } from '@/lib/validation/messages'
import { between, minLength, required, sameAs } from '@/lib/validation/rules'
import { validateField, validateValues } from '@/lib/validation/validate'

const NOW = new Date(2024, 5, 15, 12)

describe('messages', () => {
  it('holds the spec defaults verbatim', () => {
    expect(defaultMessages).toMatchObject({
      email: 'Value is not a valid email address',
      url: 'The value is not a valid URL address',
      minLength: 'This field should be at least {min} characters long',
      maxLength: 'The maximum length allowed is {max}',
      between: 'The value must be between {min} and {max}',
      alpha: 'The value is not alphabetical',
      alphaNum: 'The value must be alpha-numeric',
      numeric: 'Value must be numeric',
      sameAs: 'The value must be equal to the {other} value',
      minValue: 'The minimum value allowed is {min}',
      maxValue: 'The maximum value allowed is {max}',
      integer: 'Value is not an integer',
      decimal: 'Value must be decimal',
      not: 'The value does not match the provided validator',
    })
  })

  it('fills {min}, {max} and {param} and leaves unknown placeholders', () => {
    expect(formatMessage('{min}–{max} {param} {other}', { min: 1, max: 5, param: 'x' })).toBe('1–5 x {other}')
  })

  it('lets a locale override any message', () => {
    const es = messageCatalogue({ minLength: 'Debe tener al menos {min} caracteres' })
    expect(es.minLength).toBe('Debe tener al menos {min} caracteres')
    expect(es.email).toBe(defaultMessages.email)
  })
})

describe('validateField and validateValues', () => {
  it('reports the first broken rule with its placeholders filled', () => {
    const context = { field: 'nickname', values: {}, now: NOW }
    expect(validateField('', [required(), minLength(3)], context)).toEqual({ rule: 'required', message: 'Value is required' })
    expect(validateField('ab', [required(), minLength(3)], context)).toEqual({
      rule: 'minLength',
      message: 'This field should be at least 3 characters long',
    })
    expect(validateField('abc', [required(), minLength(3)], context)).toBeUndefined()
    expect(validateField('9', [between(10, 20)], context, messageCatalogue({ between: 'Entre {min} y {max}' }))).toEqual({
      rule: 'between',
      message: 'Entre 10 y 20',
    })
  })

  it('validates a form against the section 5 field rules', () => {
    const errors = validateValues(
      {
        password: 'short',
        password_confirmation: 'other',
        nickname: 'lucky player',
        fullName: 'Ana',
        email: 'ana@example.com',
        agreements: false,
        birthdate: '2023-02-29',
        age: '18.5',
        cpf_number: '52998224725',
        wallet_id: ' ',
      },
      fieldRules,
      { now: NOW },
    )
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.rule]))).toEqual({
      password: 'minLength',
      password_confirmation: 'sameAs',
      nickname: 'alphaDash',
      fullName: 'twoWords',
      agreements: 'accepted',
      birthdate: 'date',
      age: 'integer',
      wallet_id: 'required',
      currentPassword: 'required',
      newPassword: 'required',
      repeatNewPassword: 'required',
    })
    expect(errors.password?.message).toBe('This field should be at least 8 characters long')
    expect(errors.password_confirmation?.message).toBe('The value must be equal to the password value')
  })

  it('applies the field limits of the spec', () => {
    const check = (values: Record<string, unknown>) => Object.keys(validateValues(values, fieldRules, { now: NOW }))
    const others = { password_confirmation: 'x', currentPassword: 'x', newPassword: '12345678', repeatNewPassword: '12345678', wallet_id: 'w', agreements: true }
    expect(check({ ...others, password: 'x', password_confirmation: 'x' })).toEqual(['password'])
    expect(check({ ...others, nickname: 'ab' })).toEqual(['password_confirmation', 'nickname'])
    expect(check({ ...others, password: 'x', nickname: 'a'.repeat(24) })).toEqual(['password'])
    expect(check({ ...others, password: 'x', nickname: 'a'.repeat(25), fullName: `${'a'.repeat(15)} ${'b'.repeat(15)}` })).toEqual([
      'password',
      'fullName',
      'nickname',
    ])
    expect(check({ ...others, password: 'x', firstName: 'A', lastName: 'Li', personalIdNumber: '1' })).toEqual([
      'password',
      'firstName',
      'personalIdNumber',
    ])
    expect(check({ ...others, password: 'x', phone: '+12', cpf_number: '11111111111' })).toEqual(['password', 'phone', 'cpf_number'])
  })
})

describe('server rules', () => {
  it('maps every rule name the server sends', () => {
    const names = ['email', 'minLength', 'maxLength', 'alpha_dash', 'alphaNum', 'countryCode', 'accepted', 'date', 'minAge', 'phone']
    expect(names.map((rule) => ruleFromServer({ rule, value: 8 })?.name)).toEqual([
      'email',
      'minLength',
      'maxLength',
      'alphaDash',
      'alphaNum',
      'countryCode',
      'accepted',
      'date',
      'minAge',
      'phone',
    ])
    expect(ruleFromServer({ rule: 'minLength', value: '10' })?.params).toEqual({ min: 10 })
    expect(ruleFromServer({ rule: 'minLength' })).toBeUndefined()
    expect(ruleFromServer({ rule: 'somethingNew' })).toBeUndefined()
  })

  it('adds required where the server says so and lets server limits replace local ones', () => {
    const server: ServerFieldValidation[] = [
      { field: 'email', isRequired: true, rules: [{ rule: 'email' }, { rule: 'minLength', value: 8 }] },
      { field: 'nickname', isRequired: false, rules: [{ rule: 'maxLength', value: 12 }, { rule: 'unknown' }] },
      { field: 'birthdate', isRequired: true, rules: [{ rule: 'date' }, { rule: 'minAge', value: 18 }] },
      { field: 'wallet_id', isRequired: false, rules: [] },
    ]
    const merged = mergeServerRules(fieldRules, server)
    const names = (field: string) => merged[field]?.map((rule) => [rule.name, rule.params])

    expect(names('email')).toEqual([['required', {}], ['email', {}], ['minLength', { min: 8 }]])
    expect(names('nickname')).toEqual([['minLength', { min: 3 }], ['alphaDash', {}], ['maxLength', { max: 12 }]])
    expect(names('birthdate')).toEqual([['required', {}], ['date', {}], ['minAge', { param: 18 }]])
    // A field the client itself requires stays required.
    expect(names('wallet_id')).toEqual([['required', {}]])
    // Fields the server does not mention keep the client's rules.
    expect(merged.password).toBe(fieldRules.password)

    expect(validateValues({ email: '' }, { email: merged.email ?? [] }).email?.rule).toBe('required')
    expect(validateValues({ birthdate: '2010-01-01' }, { birthdate: merged.birthdate ?? [] }, { now: NOW }).birthdate?.message).toBe(
      'You must be at least 18 years old',
    )
  })

  it('leaves a password confirmation comparing with the password', () => {
    const merged = mergeServerRules({ password_confirmation: [required(), sameAs('password')] }, [])
    expect(validateValues({ password: 'a', password_confirmation: 'a' }, merged)).toEqual({})
  })
})
