import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/**
 * `POST /player/passwords/reset`: e-mails a reset link. 204 whether or not the address has an account
 * (the answer never reveals one); 422 `validation_failed` for a malformed address.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<undefined>('/player/passwords/reset', { method: 'POST', body: { email }, auth: 'none' })
}

/** The code of the reset link (`/password-reset/{code}`) and the new password, repeated. */
export type PasswordResetConfirmation = Schemas['ResetConfirm']

/**
 * `POST /player/passwords/confirm`: sets the new password and closes every session of the account.
 * 422 `code_invalid` for a used or expired link, `validation_failed` with `password` or
 * `password_confirmation` messages for a weak or mismatched password.
 */
export async function confirmPasswordReset(confirmation: PasswordResetConfirmation): Promise<void> {
  await apiRequest<undefined>('/player/passwords/confirm', { method: 'POST', body: confirmation, auth: 'none' })
}
