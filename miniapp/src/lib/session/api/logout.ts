import { apiRequest } from '@/lib/api-client'

/** Ends the session on the server; the client forgets it whatever the answer. */
export async function logoutSession(token: string): Promise<void> {
  await apiRequest('/player/sessions/logout', { method: 'POST', auth: { bearer: token } })
}
