/**
 * Forms and validation. Load it on demand (`import('@/lib/validation')`) or from route code only: it
 * carries the phone number library, which must stay out of the home page's initial chunk.
 */
export { countryOptions, EXCLUDED_COUNTRY_CODES } from '@/lib/validation/countries'
export {
  type FieldRules,
  fieldRules,
  mergeServerRules,
  ruleFromServer,
  type ServerFieldValidation,
  type ValidationScenario,
} from '@/lib/validation/field-rules'
export { applyMask, type MaskedNumber, maskNumber, type NumberMaskOptions, unmask } from '@/lib/validation/masks'
export {
  defaultMessages,
  formatMessage,
  type MessageCatalogue,
  messageCatalogue,
  type MessageParams,
  type RuleName,
} from '@/lib/validation/messages'
export { normalisePhone, phone, phoneProblem, type PhoneProblem } from '@/lib/validation/phone'
export * from '@/lib/validation/rules'
export { type FieldError, validateField, validateValues, type ValidateOptions } from '@/lib/validation/validate'
