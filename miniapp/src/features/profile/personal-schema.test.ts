import { describe, expect, it } from 'vitest'

import { operatorFields, personalChange, personalSchema, personalValues } from '@/features/profile/personal-schema'
import { validateValues } from '@/lib/validation'
import { profile } from '@/test/fixtures'

const server = [
  { field: 'nickname', isRequired: false, rules: [{ rule: 'minLength', value: 3 }] },
  { field: 'firstName', isRequired: true, rules: [{ rule: 'minLength', value: 2 }] },
  { field: 'birthdate', isRequired: true, rules: [{ rule: 'date' }, { rule: 'minAge', value: 18 }] },
  { field: 'postalCode', isRequired: false, rules: [{ rule: 'alphaNum' }] },
]
const now = new Date('2026-11-24T12:00:00Z')
const filled = {
  ...personalValues(profile),
  firstName: 'Ana',
  lastName: 'Silva',
  birthdate: '1990-05-17',
  country: 'PT',
}

describe('the personal details schema', () => {
  it('adds required where the operator marks it and keeps rules for fields the form does not show out', () => {
    const schema = personalSchema(server, 'PT')
    expect(schema.nickname).toBeUndefined()
    expect(Object.keys(validateValues({ ...filled, firstName: '' }, schema, { now }))).toEqual(['firstName'])
    expect(validateValues({ ...filled, birthdate: '' }, schema, { now }).birthdate).toBeDefined()
  })

  it('refuses an impossible day and a minor', () => {
    const schema = personalSchema(server, 'PT')
    expect(validateValues({ ...filled, birthdate: '1990-02-30' }, schema, { now }).birthdate).toBeDefined()
    expect(validateValues({ ...filled, birthdate: '2010-01-01' }, schema, { now }).birthdate).toBeDefined()
    expect(validateValues(filled, schema, { now })).toEqual({})
  })

  it('asks players in Brazil for a valid CPF, and nobody else', () => {
    expect(validateValues({ ...filled, country: 'BR' }, personalSchema(server, 'BR'), { now }).cpf_number).toBeDefined()
    expect(validateValues({ ...filled, country: 'BR', cpf_number: '529.982.247-24' }, personalSchema(server, 'BR'), { now }).cpf_number).toBeDefined()
    expect(validateValues({ ...filled, country: 'BR', cpf_number: '529.982.247-25' }, personalSchema(server, 'BR'), { now })).toEqual({})
    expect(validateValues(filled, personalSchema(server, 'PT'), { now }).cpf_number).toBeUndefined()
  })
})

describe('the personal details change', () => {
  it('sends only what changed, an emptied field as empty', () => {
    const initial = { ...filled, city: 'Lisbon' }
    expect(personalChange(initial, initial)).toEqual({})
    expect(personalChange(initial, { ...initial, city: '', firstName: ' Ana ', lastName: 'Costa' })).toEqual({ city: '', lastName: 'Costa' })
  })
})

describe('the operator’s other profile fields', () => {
  const withOperatorFields = [
    ...server,
    { field: 'fullName', isRequired: false, rules: [{ rule: 'twoWords', value: 2 }, { rule: 'maxLength', value: 30 }] },
    { field: 'personalIdNumber', isRequired: true, rules: [{ rule: 'minLength', value: 2 }, { rule: 'alphaNum' }] },
    { field: 'securityQuestion', isRequired: false, rules: [{ rule: 'minLength', value: 2 }] },
    { field: 'securityAnswer', isRequired: false, rules: [{ rule: 'minLength', value: 2 }] },
  ]

  it('shows only the fields the profile scenario lists', () => {
    expect(operatorFields(server)).toEqual([])
    expect(operatorFields(withOperatorFields)).toEqual(['fullName', 'personalIdNumber', 'securityQuestion', 'securityAnswer'])
    expect(personalSchema(server, 'PT').fullName).toBeUndefined()
  })

  it('checks them with the spec’s rules and the operator’s', () => {
    const schema = personalSchema(withOperatorFields, 'PT')
    const values = { ...filled, personalIdNumber: 'AB123' }
    expect(validateValues(values, schema, { now })).toEqual({})
    expect(Object.keys(validateValues({ ...values, fullName: 'Ana Maria Silva', personalIdNumber: '' }, schema, { now }))).toEqual([
      'fullName',
      'personalIdNumber',
    ])
    expect(validateValues({ ...values, fullName: `Ana ${'s'.repeat(27)}` }, schema, { now }).fullName).toBeDefined()
  })

  it('asks for an answer to a new security question, and sends a typed answer only', () => {
    const values = { ...filled, personalIdNumber: 'AB123', securityQuestion: 'First pet?' }
    expect(validateValues(values, personalSchema(withOperatorFields, 'PT', true), { now }).securityAnswer).toBeDefined()
    expect(validateValues(values, personalSchema(withOperatorFields, 'PT', false), { now })).toEqual({})
    expect(personalChange(filled, { ...filled, securityAnswer: '' })).toEqual({})
    expect(personalChange(filled, { ...filled, securityAnswer: ' Rex ' })).toEqual({ securityAnswer: 'Rex' })
  })
})
