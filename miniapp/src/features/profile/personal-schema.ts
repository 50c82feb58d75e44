import type { Profile } from '@/lib/api-types'
import { fieldRules, mergeServerRules, required, type FieldRules, type ServerFieldValidation } from '@/lib/validation'

/** The fields the personal details form always shows (nickname, e-mail and phone change through their own dialogs). */
const BASE_FIELDS = ['firstName', 'lastName', 'birthdate', 'gender', 'country', 'city', 'address', 'postalCode', 'cpf_number'] as const
/** The profile fields of spec section 3 the form shows when the operator's `profile` scenario lists them. */
const OPERATOR_FIELDS = [
  'fullName',
  'nationality',
  'additionalAddress',
  'profession',
  'placeOfBirth',
  'personalIdNumber',
  'securityQuestion',
  'securityAnswer',
] as const
const PERSONAL_FIELDS = [...BASE_FIELDS, ...OPERATOR_FIELDS] as const
type PersonalField = (typeof PERSONAL_FIELDS)[number]
type OperatorField = (typeof OPERATOR_FIELDS)[number]
export type PersonalValues = Record<PersonalField, string>

/** Brazil asks its players for their taxpayer number (CPF). */
export const CPF_COUNTRY = 'BR'

/** The operator's fields its `profile` scenario lists, in the form's order. */
export function operatorFields(server: readonly ServerFieldValidation[]): OperatorField[] {
  const listed = new Set(server.map((rules) => rules.field))
  return OPERATOR_FIELDS.filter((field) => listed.has(field))
}

/** The form's values from the stored profile: what is not set yet is empty, and the security answer is never sent back. */
export function personalValues(profile: Profile): PersonalValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    birthdate: profile.birthdate ?? '',
    gender: profile.gender ?? '',
    country: profile.country ?? '',
    city: profile.city ?? '',
    address: profile.address ?? '',
    postalCode: profile.postalCode ?? '',
    cpf_number: profile.cpf_number ?? '',
    fullName: profile.fullName ?? '',
    nationality: profile.nationality ?? '',
    additionalAddress: profile.additionalAddress ?? '',
    profession: profile.profession ?? '',
    placeOfBirth: profile.placeOfBirth ?? '',
    personalIdNumber: profile.personalIdNumber ?? '',
    securityQuestion: profile.securityQuestion ?? '',
    securityAnswer: '',
  }
}

/**
 * The form's rules: the spec's field rules for the fields it shows, merged with the operator's rules for
 * scenario `profile` (required where the server says so), the CPF required for players in Brazil only,
 * and an answer required for a security question when none is stored (`needsAnswer`). Server rules for
 * fields this form does not show (nickname, phone) stay with their own dialogs.
 */
export function personalSchema(server: readonly ServerFieldValidation[], country: string, needsAnswer = false): FieldRules {
  const shown: readonly string[] = [...BASE_FIELDS, ...operatorFields(server)]
  const local: Record<string, FieldRules[string]> = {}
  for (const field of shown) local[field] = field in fieldRules ? fieldRules[field as keyof typeof fieldRules] : []
  const merged: Record<string, FieldRules[string]> = {
    ...mergeServerRules(
      local,
      server.filter((rules) => shown.includes(rules.field)),
    ),
  }
  const cpf = (merged.cpf_number ?? []).filter((rule) => rule.name !== 'required')
  merged.cpf_number = country.toUpperCase() === CPF_COUNTRY ? [required(), ...cpf] : cpf
  if (needsAnswer && merged.securityAnswer) merged.securityAnswer = [required(), ...merged.securityAnswer.filter((rule) => rule.name !== 'required')]
  return merged
}

/**
 * What the form sends: only what changed (an emptied field as '' clears it), so a save never rewrites a
 * value the player did not touch. The security answer goes only when one is typed: empty keeps the stored one.
 */
export function personalChange(initial: PersonalValues, values: PersonalValues): Partial<PersonalValues> {
  const change: Partial<PersonalValues> = {}
  for (const field of PERSONAL_FIELDS) {
    const value = values[field].trim()
    if (value !== initial[field].trim()) change[field] = value
  }
  return change
}
