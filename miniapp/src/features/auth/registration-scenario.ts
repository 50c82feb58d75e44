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
  phone: { kind: 'tel', label: () => t('Phone number'), autoComplete: 'tel' },
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

/** The scenario's fields this form shows, in the scenario's order, each with how to show it. */
export function formFields(scenario: readonly Schemas['FieldRules'][]): ScenarioField[] {
  return scenario.flatMap((field) => {
    const shape = FIELDS[field.field]
    return shape ? [{ ...field, ...shape }] : []
  })
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

/** What `POST /player/register` gets from the checked values: blanks left out, boxes as ticked. */
export function registration(values: RegistrationValues, currencies: readonly { value: string }[], affiliateTag: string | undefined): Registration {
  const text = (field: string) => {
    const value = values[field]
    return typeof value === 'string' ? value.trim() : ''
  }
  const currency = chosenCurrency(text('currency'), currencies)
  const filled = OPTIONAL_TEXT.filter((field) => text(field) !== '').map((field) => [field, text(field)])
  const optIns = OPT_INS.filter((field) => field in values).map((field) => [field, values[field] === true])
  return {
    email: text('email'),
    password: typeof values.password === 'string' ? values.password : '',
    ...(currency ? { currency } : {}),
    ...(Object.fromEntries([...filled, ...optIns]) as Partial<Registration>),
    agreements: values.agreements === true,
    ...(text('captcha') ? { captcha: text('captcha') } : {}),
    ...(affiliateTag ? { affiliateTag } : {}),
  }
}
