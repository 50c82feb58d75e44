import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type TelegramSwitches = Schemas['TelegramSwitches']

async function getTelegramNotifications(signal?: AbortSignal): Promise<TelegramSwitches> {
  return apiRequest<TelegramSwitches>('/player/telegram-notifications', { signal })
}

/**
 * `GET /player/telegram-notifications`: the player's Telegram message switches, kept by the bot; 409
 * `telegram_not_linked` without a Telegram account, 503 when the bot cannot be reached.
 */
export function telegramNotificationsQueryOptions() {
  return queryOptions({
    queryKey: ['player', 'telegram-notifications'],
    queryFn: ({ signal }) => getTelegramNotifications(signal),
  })
}

export function useTelegramNotifications() {
  return useQuery(telegramNotificationsQueryOptions())
}
