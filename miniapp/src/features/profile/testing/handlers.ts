import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { profile } from '@/test/fixtures'
import { withSession } from '@/test/msw/signed-in'

/** The bot's answer for a player who never changed a switch: everything on but every settled bet. */
function defaultSwitches(): Schemas['TelegramSwitches'] {
  return {
    all: true,
    kinds: {
      deposit_credited: true,
      withdrawal_paid: true,
      withdrawal_declined: true,
      sport_bet_won: true,
      sport_bet_settled: false,
      bonus_awarded: true,
      free_spins_awarded: true,
      bonus_expiring: true,
      quest_completed: true,
      loyalty_level_reached: true,
    },
    writeAccess: false,
  }
}

/**
 * The player's Telegram message switches as the platform answers them, kept between calls; each handler
 * sees the switches and the changes made so far.
 */
export function telegramSwitchesHandlers() {
  const switches = defaultSwitches()
  const changes: Schemas['TelegramSwitchesChange'][] = []
  const handlers = [
    http.get('/api/player/telegram-notifications', withSession(() => HttpResponse.json(switches))),
    http.put('/api/player/telegram-notifications', async ({ request }) => {
      const change = (await request.json()) as Schemas['TelegramSwitchesChange']
      changes.push(change)
      switches.all = change.all ?? switches.all
      Object.assign(switches.kinds, change.kinds)
      switches.writeAccess = change.writeAccess ?? switches.writeAccess
      return HttpResponse.json(switches)
    }),
  ]
  return { handlers, switches, changes }
}

/** The signed-in player's profile (the fixtures'); a call without a session is refused as the platform does. */
export const profileHandlers = [
  http.get('/api/player/profile', withSession(() => HttpResponse.json(profile satisfies Schemas['Profile']))),
  ...telegramSwitchesHandlers().handlers,
]
