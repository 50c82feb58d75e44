import { ApiError } from '@/lib/api-client'
import type { FieldError } from '@/lib/validation'
import { t } from '@/lib/i18n'

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

/** Validation results as messages per field. */
export function messagesOf<Field extends string>(errors: Partial<Record<Field, FieldError>>): FieldErrors<Field> {
  const messages: FieldErrors<Field> = {}
  for (const field of Object.keys(errors) as Field[]) {
    const error = errors[field]
    if (error) messages[field] = error.message
  }
  return messages
}

/**
 * A failed call as field messages (the server's `fields`, renamed to the form's names) and a form-level
 * message for what no field shows.
 */
export function serverErrors<Field extends string>(
  error: unknown,
  fieldNames: Readonly<Record<string, Field>>,
  formMessages: { invalidCredentials?: string } = {},
): { fields: FieldErrors<Field>; form: string | undefined } {
  if (!(error instanceof ApiError)) return { fields: {}, form: t('Something went wrong. Please try again.') }
  const fields: FieldErrors<Field> = {}
  const unshown: string[] = []
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    const field = fieldNames[name]
    if (field) fields[field] = message
    else unshown.push(message)
  }
  if (Object.keys(fields).length > 0) return { fields, form: unshown.join(' ') || undefined }
  if (error.code === 'invalid_credentials' && formMessages.invalidCredentials) {
    return { fields, form: formMessages.invalidCredentials }
  }
  if (error.status === 0) return { fields, form: t('The server could not be reached. Check your connection and try again.') }
  return { fields, form: unshown.join(' ') || error.message }
}
