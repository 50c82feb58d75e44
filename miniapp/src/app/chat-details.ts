import type { PlayerBonus } from '@/features/bonuses/api/get-player-bonuses'
import type { PlayerFreespin } from '@/features/bonuses/api/get-player-freespins'
import { STATUS_ACTIVE, STATUS_ISSUED } from '@/features/bonuses/statuses'
import type { Account } from '@/lib/api-types'

/**
 * What the chat's agents see of the player's state beside the profile (spec section 4: the chat
 * refreshes on profile, free spin, bonus and account changes): the active account, the bonus being
 * wagered and those waiting for activation, and the free spins left. Flat strings, as the widget's
 * user properties take them; amounts in minor units with their currency, as everywhere else.
 */
export function chatDetails(
  account: Account | undefined,
  bonuses: readonly PlayerBonus[] | undefined,
  freespins: readonly PlayerFreespin[] | undefined,
): Record<string, string> {
  const details: Record<string, string> = {}
  if (account) {
    details.currency = account.currency
    details.balanceMinorUnits = String(account.balance)
  }
  if (bonuses) {
    const active = bonuses.find((bonus) => bonus.status === STATUS_ACTIVE)
    // Always set: the widget merges properties, so a key left out would keep the bonus that ended.
    details.activeBonus = active ? `${active.name} (#${String(active.id)})` : 'none'
    details.activeBonusAmountMinorUnits = active ? `${String(active.amount)} ${active.currency}` : 'none'
    details.bonusesAwaitingActivation = String(bonuses.filter((bonus) => bonus.status === STATUS_ISSUED).length)
  }
  if (freespins) {
    const held = freespins.filter((bundle) => bundle.status === STATUS_ISSUED || bundle.status === STATUS_ACTIVE)
    details.freeSpinBundles = String(held.length)
    details.freeSpinsLeft = String(held.reduce((left, bundle) => left + Math.max(0, bundle.count - bundle.usedCount), 0))
  }
  return details
}
