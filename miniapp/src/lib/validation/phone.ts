import { isValidPhoneNumber, parsePhoneNumberWithError, validatePhoneNumberLength } from 'libphonenumber-js'

import type { Rule } from '@/lib/validation/rules'

/** "Input up to 250 characters" (spec section 5). */
const MAX_PHONE_INPUT_LENGTH = 250

export type PhoneProblem = 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH' | 'INVALID'

/** Why `value` is no valid international phone number (`+` and calling code first), or undefined. */
export function phoneProblem(value: string): PhoneProblem | undefined {
  if (value.length > MAX_PHONE_INPUT_LENGTH || !value.trim().startsWith('+')) return 'NOT_A_NUMBER'
  const lengthProblem = validatePhoneNumberLength(value)
  if (lengthProblem) return lengthProblem
  return isValidPhoneNumber(value) ? undefined : 'INVALID'
}

/** A valid phone number in international format. Phone parsing lives only in this lazily loaded module. */
export const phone = (): Rule => ({
  name: 'phone',
  params: {},
  test: (value) =>
    value === undefined || value === null || value === '' || (typeof value === 'string' && phoneProblem(value) === undefined),
})

/** A valid number as the platform stores it (E.164: `+` and digits only), or undefined. */
export function normalisePhone(value: string): string | undefined {
  const trimmed = value.trim()
  if (phoneProblem(trimmed) !== undefined) return undefined
  try {
    return parsePhoneNumberWithError(trimmed).number
  } catch {
    return undefined
  }
}
