import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type ContactMessage = Schemas['ContactMessage']

/**
 * `POST /notification/communications`: the contact form, from guests too (with a session the platform
 * notes who wrote); answers the message's reference. 422 names a bad field.
 */
export async function sendContactMessage(message: ContactMessage): Promise<number> {
  return (await apiRequest<{ id: number }>('/notification/communications', { method: 'POST', body: message })).id
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
