import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

/** What a sent code answers: when the next one may be asked for. */
export interface CodeSent {
  sent: true
  /** Seconds until the platform sends another code to the same number. */
  retryAfter: number
}

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
