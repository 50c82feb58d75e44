import { apiRequest } from '@/lib/api-client'
import type { Profile, Schemas } from '@/lib/api-types'

/**
 * `PUT /player/profile` with the chat's restore id only (spec section 7: "the change also carries a chat
 * restore id"), so the player's conversation follows them to other devices.
 */
export async function saveChatRestoreId(restoreId: string): Promise<Profile> {
  const body: Schemas['ProfileChange'] = { freshchatRestoreId: restoreId }
  return (await apiRequest<Schemas['ProfileResponse']>('/player/profile', { method: 'PUT', body })).profile
}
