import {
  FULL_NAME_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@/config/constants'
import { phone } from '@/lib/validation/phone'
import {
  accepted,
  alphaDash,
  alphaNum,
  countryCode,
  cpfNumber,
  date,
  email,
  integer,
  maxLength,
  minAge,
  minLength,
  required,
  type Rule,
  sameAs,
  twoWords,
} from '@/lib/validation/rules'

/** The shortest a name part may be: firstName, lastName and each word of fullName. */
const NAME_MIN_LENGTH = 2

export type FieldRules = Readonly<Record<string, readonly Rule[]>>

/** The field rules of spec section 5, by form field name. */
export const fieldRules = {
  password: [minLength(PASSWORD_MIN_LENGTH)],
  password_confirmation: [required(), sameAs('password')],
  currentPassword: [required()],
  newPassword: [required(), minLength(PASSWORD_MIN_LENGTH)],
  repeatNewPassword: [required(), sameAs('newPassword')],
  firstName: [minLength(NAME_MIN_LENGTH)],
  lastName: [minLength(NAME_MIN_LENGTH)],
  fullName: [twoWords(NAME_MIN_LENGTH), maxLength(FULL_NAME_MAX_LENGTH)],
  nickname: [minLength(NICKNAME_MIN_LENGTH), maxLength(NICKNAME_MAX_LENGTH), alphaDash()],
  email: [email()],
  agreements: [accepted()],
  phone: [phone()],
  birthdate: [date()],
  personalIdNumber: [minLength(2)],
  age: [integer()],
  cpf_number: [cpfNumber()],
  wallet_id: [required()],
} as const satisfies FieldRules

/** One field's rules as `GET /player/fields/validations?scenario=...` sends them. */
export interface ServerFieldValidation {
  field: string
  isRequired: boolean
  rules: readonly { rule: string; value?: number | string | undefined }[]
}

/** The rule a server rule name stands for; undefined for a name this client does not know. */
export function ruleFromServer({ rule, value }: ServerFieldValidation['rules'][number]): Rule | undefined {
  const amount = Number(value)
  switch (rule) {
    case 'email':
      return email()
    case 'minLength':
      return Number.isInteger(amount) ? minLength(amount) : undefined
    case 'maxLength':
      return Number.isInteger(amount) ? maxLength(amount) : undefined
    case 'alpha_dash':
      return alphaDash()
    case 'alphaNum':
      return alphaNum()
    case 'countryCode':
      return countryCode()
    case 'accepted':
      return accepted()
    case 'date':
      return date()
    case 'minAge':
      return Number.isInteger(amount) ? minAge(amount) : undefined
    case 'phone':
      return phone()
    case 'cpf_number':
      return cpfNumber()
    default:
      return undefined
  }
}

/**
 * The client's field rules merged with a scenario's server rules: a server rule replaces the local rule
 * of the same name (the server knows the operator's limits), other local rules stay, unknown server rule
 * names are skipped, and a field the server marks as required gets `required` first.
 */
export function mergeServerRules(local: FieldRules, server: readonly ServerFieldValidation[]): FieldRules {
  const merged: Record<string, readonly Rule[]> = { ...local }
  for (const validation of server) {
    const serverRules = validation.rules.map(ruleFromServer).filter((rule) => rule !== undefined)
    const names = new Set(serverRules.map((rule) => rule.name))
    const kept = (merged[validation.field] ?? []).filter((rule) => !names.has(rule.name) && rule.name !== 'required')
    const isRequired = validation.isRequired || (merged[validation.field] ?? []).some((rule) => rule.name === 'required')
    merged[validation.field] = [...(isRequired ? [required()] : []), ...kept, ...serverRules]
  }
  return merged
}
