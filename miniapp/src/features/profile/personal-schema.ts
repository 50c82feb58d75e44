import type { Profile } from '@/lib/api-types'
import { fieldRules, mergeServerRules, required, type FieldRules, type ServerFieldValidation } from '@/lib/validation'

/** The personal details form's fields (nickname, e-mail and phone change through their own dialogs). */
const PERSONAL_FIELDS = ['firstName', 'lastName', 'birthdate', 'gender', 'country', 'city', 'address', 'postalCode', 'cpf_number'] as const
type PersonalField = (typeof PERSONAL_FIELDS)[number]
export type PersonalValues = Record<PersonalField, string>

/** Brazil asks its players for their taxpayer number (CPF). */
export const CPF_COUNTRY = 'BR'

/** The form's values from the stored profile: what is not set yet is empty. */
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
  }
}

/**
 * The form's rules: the spec's field rules for its fields, merged with the operator's rules for scenario
 * `profile` (required where the server says so), and the CPF required for players in Brazil only.
 * Server rules for fields this form does not show (nickname, phone) stay with their own dialogs.
 */
export function personalSchema(server: readonly ServerFieldValidation[], country: string): FieldRules {
  const local: Record<string, FieldRules[string]> = {}
  for (const field of PERSONAL_FIELDS) local[field] = field in fieldRules ? fieldRules[field as keyof typeof fieldRules] : []
  const merged: Record<string, FieldRules[string]> = {
    ...mergeServerRules(
      local,
      server.filter((rules) => (PERSONAL_FIELDS as readonly string[]).includes(rules.field)),
    ),
  }
  const cpf = (merged.cpf_number ?? []).filter((rule) => rule.name !== 'required')
  merged.cpf_number = country.toUpperCase() === CPF_COUNTRY ? [required(), ...cpf] : cpf
  return merged
}

/**
 * What the form sends: only what changed (an emptied field as '' clears it), so a save never rewrites a
 * value the player did not touch.
 */
export function personalChange(initial: PersonalValues, values: PersonalValues): Partial<PersonalValues> {
  const change: Partial<PersonalValues> = {}
  for (const field of PERSONAL_FIELDS) {
    const value = values[field].trim()
    if (value !== initial[field].trim()) change[field] = value
  }
  return change
}
