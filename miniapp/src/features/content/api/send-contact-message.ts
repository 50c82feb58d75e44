import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { invisibleCaptchaToken } from '@/lib/captcha'

type ContactMessage = Schemas['ContactMessage']

/**
 * `POST /notification/communications`: the contact form, from guests too (with a session the platform
 * notes who wrote); answers the message's reference. 422 names a bad field (`captcha` when the check
 * failed), 503 `captcha_unavailable` when the platform could not ask its captcha provider. The
 * checkbox's token comes with the message; an invisible captcha's is taken now, at sending.
 */
async function sendContactMessage(message: ContactMessage): Promise<number> {
  const invisible = message.captcha === undefined ? await invisibleCaptchaToken() : undefined
  const body: ContactMessage = invisible ? { ...message, captcha: invisible } : message
  return (await apiRequest<{ id: number }>('/notification/communications', { method: 'POST', body })).id
}

export function useSendContactMessage({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: sendContactMessage, ...(onError ? { onError } : {}) })
}
