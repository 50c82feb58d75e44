import { t } from '@/lib/i18n'

/** Every rule name a message can be looked up by. */
export type RuleName =
  | 'required'
  | 'requiredIf'
  | 'requiredUnless'
  | 'minLength'
  | 'maxLength'
  | 'minValue'
  | 'maxValue'
  | 'between'
  | 'email'
  | 'url'
  | 'integer'
  | 'decimal'
  | 'numeric'
  | 'alpha'
  | 'alphaNum'
  | 'alphaDash'
  | 'ipAddress'
  | 'macAddress'
  | 'regex'
  | 'notRegex'
  | 'sameAs'
  | 'confirmed'
  | 'different'
  | 'accepted'
  | 'declined'
  | 'boolean'
  | 'array'
  | 'string'
  | 'date'
  | 'before'
  | 'beforeOrEqual'
  | 'after'
  | 'afterOrEqual'
  | 'dateEquals'
  | 'digits'
  | 'digitsBetween'
  | 'minAge'
  | 'maxAge'
  | 'phone'
  | 'countryCode'
  | 'languageCode'
  | 'lowercase'
  | 'uppercase'
  | 'cpfNumber'
  | 'twoWords'
  | 'and'
  | 'or'
  | 'not'

export type MessageCatalogue = Record<RuleName, string>

/** Values for a message's placeholders: `{min}`, `{max}`, `{param}` (and `{other}` for sameAs). */
export type MessageParams = Readonly<Record<string, string | number>>

/**
 * The default (English) messages. Those the spec's table lists are its exact texts; the rest follow
 * their style. A locale's catalogue overrides any of them through `messageCatalogue`.
 */
export const defaultMessages: MessageCatalogue = {
  required: 'Value is required',
  requiredIf: 'Value is required',
  requiredUnless: 'Value is required',
  minLength: 'This field should be at least {min} characters long',
  maxLength: 'The maximum length allowed is {max}',
  minValue: 'The minimum value allowed is {min}',
  maxValue: 'The maximum value allowed is {max}',
  between: 'The value must be between {min} and {max}',
  email: 'Value is not a valid email address',
  url: 'The value is not a valid URL address',
  integer: 'Value is not an integer',
  decimal: 'Value must be decimal',
  numeric: 'Value must be numeric',
  alpha: 'The value is not alphabetical',
  alphaNum: 'The value must be alpha-numeric',
  alphaDash: 'The value may only contain letters, digits, underscores and hyphens',
  ipAddress: 'The value is not a valid IP address',
  macAddress: 'The value is not a valid MAC address',
  regex: 'The value has an invalid format',
  notRegex: 'The value has an invalid format',
  sameAs: 'The value must be equal to the {other} value',
  confirmed: 'The confirmation does not match',
  different: 'The value must be different from the {param} value',
  accepted: 'This must be accepted',
  declined: 'This must be declined',
  boolean: 'The value must be true or false',
  array: 'The value must be a list',
  string: 'The value must be text',
  date: 'The value is not a valid date',
  before: 'The date must be before {param}',
  beforeOrEqual: 'The date must be on or before {param}',
  after: 'The date must be after {param}',
  afterOrEqual: 'The date must be on or after {param}',
  dateEquals: 'The date must be {param}',
  digits: 'The value must be {param} digits',
  digitsBetween: 'The value must be between {min} and {max} digits',
  minAge: 'You must be at least {param} years old',
  maxAge: 'You must be at most {param} years old',
  phone: 'The phone number is not valid',
  countryCode: 'The value is not a valid country code',
  languageCode: 'The value is not a valid language code',
  lowercase: 'The value must be lowercase',
  uppercase: 'The value must be uppercase',
  cpfNumber: 'The CPF number is not valid',
  twoWords: 'Enter exactly two words of at least {param} characters each',
  and: 'The value does not match all of the provided validators',
  or: 'The value does not match any of the provided validators',
  not: 'The value does not match the provided validator',
}

/** The default messages in the current language, with overrides (configurable content) on top. */
export function messageCatalogue(overrides: Partial<MessageCatalogue> = {}): MessageCatalogue {
  const translated = Object.fromEntries(
    Object.entries(defaultMessages).map(([rule, message]) => [rule, t(message)]),
  ) as MessageCatalogue
  return { ...translated, ...overrides }
}

/** Fills `{name}` placeholders from `params`; a placeholder without a value stays as written. */
export function formatMessage(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name]
    return value === undefined ? placeholder : String(value)
  })
}
