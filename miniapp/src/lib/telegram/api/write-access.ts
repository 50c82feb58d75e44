import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/**
 * `PUT /player/telegram-notifications` with `writeAccess`: the bot may now write to the player without
 * their having started it. A refusal (no bot here, the bot unreachable) changes nothing the player sees.
 */
export async function reportWriteAccess(): Promise<void> {
  await apiRequest<Schemas['TelegramSwitches']>('/player/telegram-notifications', {
    method: 'PUT',
    body: { writeAccess: true } satisfies Schemas['TelegramSwitchesChange'],
  }).catch((error: unknown) => {
    console.warn('[telegram] the write access was not recorded', error)
  })
}
