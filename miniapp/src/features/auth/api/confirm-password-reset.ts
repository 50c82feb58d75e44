import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** The code of the reset link (`/password-reset/{code}`) and the new password, repeated. */
type PasswordResetConfirmation = Schemas['ResetConfirm']

/**
 * `POST /player/passwords/confirm`: sets the new password and closes every session of the account.
 * 422 `code_invalid` for a used or expired link, `validation_failed` with `password` or
 * `password_confirmation` messages for a weak or mismatched password.
 */
async function confirmPasswordReset(confirmation: PasswordResetConfirmation): Promise<void> {
  await apiRequest<undefined>('/player/passwords/confirm', { method: 'POST', body: confirmation, auth: 'none' })
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}
