/**
 * Forms and validation. Load it on demand (`import('@/lib/validation')`) or from route code only: it
 * carries the phone number library, which must stay out of the home page's initial chunk.
 */
export { useFieldRules } from '@/lib/validation/api/field-rules'
export { countryOptions } from '@/lib/validation/countries'
export { type FieldRules, fieldRules, mergeServerRules, type ServerFieldValidation } from '@/lib/validation/field-rules'
export { applyMask, maskNumber } from '@/lib/validation/masks'
export { normalisePhone } from '@/lib/validation/phone'
export * from '@/lib/validation/rules'
export { validateValues } from '@/lib/validation/validate'
