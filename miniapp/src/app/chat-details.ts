import type { PlayerBonus } from '@/features/bonuses/api/get-player-bonuses'
import type { PlayerFreespin } from '@/features/bonuses/api/get-player-freespins'
import { heldStatus, isListed } from '@/features/bonuses/statuses'
import type { Account } from '@/lib/api-types'
import type { Constants } from '@/lib/settings'

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
  constants: Constants | undefined,
): Record<string, string> {
  const details: Record<string, string> = {}
  if (account) {
    details.currency = account.currency
    details.balanceMinorUnits = String(account.balance)
  }
  // Without the platform's numbering of the statuses, the bonus details wait rather than guess.
  if (!constants) return details
  if (bonuses) {
    const active = bonuses.find((bonus) => heldStatus('bonus', bonus.status, constants) === 'active')
    // Always set: the widget merges properties, so a key left out would keep the bonus that ended.
    details.activeBonus = active ? `${active.name} (#${String(active.id)})` : 'none'
    details.activeBonusAmountMinorUnits = active ? `${String(active.amount)} ${active.currency}` : 'none'
    details.bonusesAwaitingActivation = String(bonuses.filter((bonus) => heldStatus('bonus', bonus.status, constants) === 'issued').length)
  }
  if (freespins) {
    const held = freespins.filter((bundle) => isListed(bundle, constants.freeSpinStatuses))
    details.freeSpinBundles = String(held.length)
    details.freeSpinsLeft = String(held.reduce((left, bundle) => left + Math.max(0, bundle.count - bundle.usedCount), 0))
  }
  return details
}
