import { formatMessage, type MessageCatalogue, messageCatalogue } from '@/lib/validation/messages'
import type { Rule, RuleContext } from '@/lib/validation/rules'

export interface FieldError {
  rule: Rule['name']
  message: string
}

export interface ValidateOptions {
  /** The locale's catalogue; the default messages when omitted. */
  messages?: MessageCatalogue
  /** The clock for date and age rules. */
  now?: Date
}

/** The first rule `value` breaks, with its message, or undefined when it passes them all. */
export function validateField(
  value: unknown,
  rules: readonly Rule[],
  context: RuleContext,
  messages: MessageCatalogue = messageCatalogue(),
): FieldError | undefined {
  const broken = rules.find((rule) => !rule.test(value, context))
  return broken && { rule: broken.name, message: formatMessage(messages[broken.name], broken.params) }
}

/** Validates every field of `schema` against `values`; the result holds only the fields that fail. */
export function validateValues<Field extends string>(
  values: Readonly<Record<string, unknown>>,
  schema: Readonly<Partial<Record<Field, readonly Rule[]>>>,
  options: ValidateOptions = {},
): Partial<Record<Field, FieldError>> {
  const now = options.now ?? new Date()
  const messages = options.messages ?? messageCatalogue()
  const errors: Partial<Record<Field, FieldError>> = {}
  for (const field of Object.keys(schema) as Field[]) {
    const error = validateField(values[field], schema[field] ?? [], { field, values, now }, messages)
    if (error) errors[field] = error
  }
  return errors
}
