import { authHandlers } from '@/features/auth/testing/handlers'
import { bonusesHandlers } from '@/features/bonuses/testing/handlers'
import { contentHandlers } from '@/features/content/testing/handlers'
import { gamesHandlers } from '@/features/games/testing/handlers'
import { limitsHandlers } from '@/features/limits/testing/handlers'
import { loyaltyHandlers } from '@/features/loyalty/testing/handlers'
import { notificationsHandlers } from '@/features/notifications/testing/handlers'
import { profileHandlers } from '@/features/profile/testing/handlers'
import { questsHandlers } from '@/features/quests/testing/handlers'
import { referralHandlers } from '@/features/referral/testing/handlers'
import { routingHandlers } from '@/lib/routing/testing/handlers'
import { sportsbookHandlers } from '@/features/sportsbook/testing/handlers'
import { walletHandlers } from '@/features/wallet/testing/handlers'
import { settingsHandlers } from '@/lib/settings/testing/handlers'
import { realtimeHandler } from '@/test/msw/realtime'

/**
 * The one set of API mock handlers every route-level test starts from: each feature's, merged. A request
 * none of them expects fails the test (`onUnhandledRequest: 'error'` in `src/test/setup.ts`).
 */
export const handlers = [
  // Before the games': the sportsbook starts through the games' play call.
  ...sportsbookHandlers,
  ...gamesHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...routingHandlers,
  ...settingsHandlers,
  ...walletHandlers,
  ...bonusesHandlers,
  ...loyaltyHandlers,
  ...notificationsHandlers,
  ...questsHandlers,
  ...referralHandlers,
  ...contentHandlers,
  ...limitsHandlers,
  realtimeHandler,
]
