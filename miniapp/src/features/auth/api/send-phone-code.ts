import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** What a sent code answers: `retryAfter`, the seconds until the platform sends another to the same number. */
export type CodeSent = Schemas['CodeSent']

/**
 * `POST /player/otp/send`: texts a one-time code to `phone` (international format). A guest uses it to
 * sign in or sign up; 422 for a malformed number, 429 `code_too_soon` while the last code is fresh.
 */
export function sendPhoneCode(phone: string): Promise<CodeSent> {
  return apiRequest<CodeSent>('/player/otp/send', { method: 'POST', body: { phone } })
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode })
}
