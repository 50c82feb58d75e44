import { asE164 } from '@/features/auth/components/phone-sign-in-form'
import type { PendingRegistration } from '@/features/auth/phone-verification'
import type { Schemas } from '@/lib/api-types'
import { t } from '@/lib/i18n'
import { accepted, fieldRules, type FieldRules, mergeServerRules, type ServerFieldValidation } from '@/lib/validation'

type Registration = Schemas['Registration']

/** How the sign-up form shows a field of the registration scenario. */
type FieldKind = 'text' | 'email' | 'password' | 'tel' | 'currency' | 'country' | 'check' | 'captcha'

interface FieldShape {
  kind: FieldKind
  label: () => string
  autoComplete?: string
}

const PHONE: FieldShape = { kind: 'tel', label: () => t('Phone number'), autoComplete: 'tel' }

/**
 * The registration fields this client can show (spec section 3), by the platform's name. A field the
 * scenario names that is not here is left out of the form: the platform does not take it either.
 */
const FIELDS: Readonly<Record<string, FieldShape>> = {
  email: { kind: 'email', label: () => t('E-mail'), autoComplete: 'email' },
  password: { kind: 'password', label: () => t('Password'), autoComplete: 'new-password' },
  currency: { kind: 'currency', label: () => t('Currency') },
  nickname: { kind: 'text', label: () => t('Nickname'), autoComplete: 'nickname' },
  firstName: { kind: 'text', label: () => t('First name'), autoComplete: 'given-name' },
  lastName: { kind: 'text', label: () => t('Last name'), autoComplete: 'family-name' },
  phone: PHONE,
  country: { kind: 'country', label: () => t('Country') },
  bonusCode: { kind: 'text', label: () => t('Bonus code (optional)'), autoComplete: 'off' },
  receiveEmailPromo: { kind: 'check', label: () => t('Offers and bonuses by e-mail') },
  receiveSmsPromo: { kind: 'check', label: () => t('Offers and bonuses by text message') },
  receiveBonus: { kind: 'check', label: () => t('I want to receive bonuses') },
  agreements: { kind: 'check', label: () => t('I am at least 18 years old and accept the Terms and Conditions and the Privacy Policy') },
  captcha: { kind: 'captcha', label: () => t('Robot check') },
}

/** The text fields the platform takes as they are typed (trimmed), when filled in. */
const OPTIONAL_TEXT = ['nickname', 'firstName', 'lastName', 'phone', 'country', 'bonusCode'] as const
const OPT_INS = ['receiveEmailPromo', 'receiveSmsPromo', 'receiveBonus'] as const

export type ScenarioField = ServerFieldValidation & { mask?: string | undefined; kind: FieldKind; label: () => string; autoComplete?: string | undefined }
export type RegistrationValues = Record<string, string | boolean>

/** What a new player signs in with: the scenario's e-mail, or a phone number that a code proves. */
export type SignUpMethod = 'email' | 'phone'

/**
 * The scenario's fields this form shows, in the scenario's order, each with how to show it. A phone
 * sign-up has the number for its login instead of the e-mail: first, and required whatever the scenario
 * says of it (its rules and mask still apply).
 */
export function formFields(scenario: readonly Schemas['FieldRules'][], method: SignUpMethod = 'email'): ScenarioField[] {
  const fields = scenario.flatMap((field) => {
    const shape = FIELDS[field.field]
    return shape ? [{ ...field, ...shape }] : []
  })
  if (method === 'email') return fields
  const phone = fields.find((field) => field.field === 'phone') ?? { field: 'phone', isRequired: true, rules: [], ...PHONE }
  return [{ ...phone, isRequired: true }, ...fields.filter((field) => field.field !== 'email' && field.field !== 'phone')]
}

/** Empty text, unticked boxes. */
export function initialValues(fields: readonly ScenarioField[]): RegistrationValues {
  return Object.fromEntries(fields.map((field) => [field.field, field.kind === 'check' ? false : '']))
}

/**
 * The form's rules: the spec's field rules merged with the scenario's (`mergeServerRules`). A required
 * box must be ticked (`accepted`); the captcha is the player's to tick only as the v2 checkbox (the
 * invisible one is taken at sending).
 */
export function registrationSchema(fields: readonly ScenarioField[], captchaKind: string): FieldRules {
  const local = Object.fromEntries(fields.map(({ field }) => [field, field in fieldRules ? fieldRules[field as keyof typeof fieldRules] : []]))
  const merged: Record<string, FieldRules[string]> = { ...mergeServerRules(local, fields) }
  for (const { field, kind, isRequired } of fields) {
    const rules = merged[field] ?? []
    if (kind === 'check') {
      const rest = rules.filter((rule) => rule.name !== 'required')
      merged[field] = isRequired && !rest.some((rule) => rule.name === 'accepted') ? [accepted(), ...rest] : rest
    }
    if (kind === 'captcha' && captchaKind !== 'v2') merged[field] = []
  }
  return merged
}

/** The chosen currency, or the preselected first one. */
export function chosenCurrency(chosen: string, currencies: readonly { value: string }[]): string {
  return chosen === '' ? (currencies[0]?.value ?? '') : chosen
}

/** A sign-up as the platform takes it: `POST /player/register`, or `POST /player/register/phone` once the code is in. */
export type SignUp = { method: 'email'; registration: Registration } | { method: 'phone'; registration: PendingRegistration }

/** What a sign-up sends from the checked values: blanks left out, boxes as ticked, the login as its method has it. */
export function signUp(method: SignUpMethod, values: RegistrationValues, currencies: readonly { value: string }[], affiliateTag: string | undefined): SignUp {
  const text = (field: string) => {
    const value = values[field]
    return typeof value === 'string' ? value.trim() : ''
  }
  const currency = chosenCurrency(text('currency'), currencies)
  const filled = OPTIONAL_TEXT.filter((field) => text(field) !== '').map((field) => [field, text(field)])
  const optIns = OPT_INS.filter((field) => field in values).map((field) => [field, values[field] === true])
  const details = {
    password: typeof values.password === 'string' ? values.password : '',
    ...(currency ? { currency } : {}),
    ...(Object.fromEntries([...filled, ...optIns]) as Partial<Registration>),
    agreements: values.agreements === true,
    ...(text('captcha') ? { captcha: text('captcha') } : {}),
    ...(affiliateTag ? { affiliateTag } : {}),
  }
  return method === 'email'
    ? { method, registration: { email: text('email'), ...details } }
    : { method, registration: { ...details, phone: asE164(text('phone')) } }
}
