import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type PreparedReferralMessage = Schemas['PreparedReferralMessage']

/**
 * `POST /referral/telegram-message`: the referral card the bot prepared for the signed-in player's
 * Telegram account, whose id Telegram's `shareMessage` takes. 409 without a Telegram account, 503
 * where the bot cannot prepare it: the caller shares another way.
 */
export function prepareTelegramMessage(): Promise<PreparedReferralMessage> {
  return apiRequest<PreparedReferralMessage>('/referral/telegram-message', { method: 'POST' })
}
