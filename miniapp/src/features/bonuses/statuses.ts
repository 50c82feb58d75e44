import { type Constants, constantName } from '@/lib/settings'

/** The platform's numbering of a bonus's or a free-spin bundle's status (spec section 4: issued, active, finished). */
export type RewardStatuses = Constants['bonusStatuses']
export type HeldStatus = keyof RewardStatuses

/** The status family of a held kind, from the platform's constants. */
export function rewardStatuses(kind: 'bonus' | 'freespin', constants: Constants): RewardStatuses {
  return kind === 'bonus' ? constants.bonusStatuses : constants.freeSpinStatuses
}

/** What `status` means, as the platform numbers it; undefined for a number it does not list. */
export function heldStatus(kind: 'bonus' | 'freespin', status: number, constants: Constants): HeldStatus | undefined {
  return constantName(rewardStatuses(kind, constants), status)
}

/** The statuses the player's lists hold, as a filter (spec section 9, "Bonus status filter": issued and active). */
export function listedStatusFilter(statuses: RewardStatuses): string {
  return [statuses.issued, statuses.active].join(',')
}

/** Whether an item belongs in the player's lists: issued or active. */
export function isListed(item: { status: number }, statuses: RewardStatuses): boolean {
  return item.status === statuses.issued || item.status === statuses.active
}

/**
 * A list after a pushed update of one item: replaced in place, added first when new, dropped when its
 * status left issued and active (spec section 4). `undefined` (not loaded yet) stays so: the list loads whole.
 */
export function withUpdate<T extends { id: number; status: number }>(
  list: readonly T[] | undefined,
  item: T,
  statuses: RewardStatuses,
): T[] | undefined {
  if (!list) return undefined
  const rest = list.filter((held) => held.id !== item.id)
  if (!isListed(item, statuses)) return rest
  const index = list.findIndex((held) => held.id === item.id)
  if (index < 0) return [item, ...rest]
  return list.map((held) => (held.id === item.id ? item : held))
}

/** How far a bonus is wagered, in whole percent (0 to 100, rounded down; exact integer arithmetic). */
export function wageringPercent(wagered: number, needed: number): number {
  if (needed <= 0) return 100
  if (wagered <= 0) return 0
  const percent = (BigInt(wagered) * 100n) / BigInt(needed)
  return percent > 100n ? 100 : Number(percent)
}
