import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client'
import { t } from '@/lib/i18n'

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

/** What a form says for a refusal it knows by its code: one message for the form, or messages on fields. */
export type CodeMessages<Field extends string> = Readonly<Partial<Record<string, string | FieldErrors<Field>>>>

/** The client's own codes carry English developer messages: the player gets the generic one. */
const CLIENT_CODES: ReadonlySet<string> = new Set(Object.values(CLIENT_ERROR_CODES))

/**
 * A failure in the player's language: no answer is a connection problem; a server fault or an unreadable
 * answer is "something went wrong"; a refusal says what the platform said.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t('Something went wrong. Please try again.')
  if (error.status === 0) return t('The server could not be reached. Check your connection and try again.')
  if (error.status >= 500 || CLIENT_CODES.has(error.code)) return t('Something went wrong. Please try again.')
  return error.message
}

/**
 * A failed call as messages on the form's fields and a form-level message for what no field shows: a
 * known code first, then the platform's `fields` (renamed by `fieldOf`), then the failure itself.
 */
export function failureErrors<Field extends string>(
  error: unknown,
  fieldOf: (serverName: string) => Field | undefined,
  codeMessages: CodeMessages<Field> = {},
): { fields: FieldErrors<Field>; form: string | undefined } {
  const known = error instanceof ApiError ? codeMessages[error.code] : undefined
  if (typeof known === 'string') return { fields: {}, form: known }
  if (known) return { fields: known, form: undefined }
  const fields: FieldErrors<Field> = {}
  const unshown: string[] = []
  for (const [name, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
    const field = fieldOf(name)
    if (field) fields[field] = message
    else unshown.push(message)
  }
  if (Object.keys(fields).length > 0) return { fields, form: unshown.join(' ') || undefined }
  return { fields, form: unshown.join(' ') || failureMessage(error) }
}
