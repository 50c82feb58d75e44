import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

/**
 * `POST /player/passwords/reset`: e-mails a reset link. 204 whether or not the address has an account
 * (the answer never reveals one); 422 `validation_failed` for a malformed address.
 */
async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<undefined>('/player/passwords/reset', { method: 'POST', body: { email }, auth: 'none' })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
