import { BONUS_STATUS_FILTER } from '@/config/constants'

/** Spec section 4, "Bonus and free spin status": 1 issued, 2 active, 3 finished. */
export const STATUS_ISSUED = 1
export const STATUS_ACTIVE = 2
export const STATUS_FINISHED = 3

/** Whether an item belongs in the player's lists (spec section 9, "Bonus status filter: 1 and 2"). */
export function isListed(item: { status: number }): boolean {
  return BONUS_STATUS_FILTER.includes(item.status)
}

/**
 * A list after a pushed update of one item: replaced in place, added first when new, dropped when its
 * status moved out of 1 and 2 (spec section 4). `undefined` (not loaded yet) stays so: the list loads whole.
 */
export function withUpdate<T extends { id: number; status: number }>(list: readonly T[] | undefined, item: T): T[] | undefined {
  if (!list) return undefined
  const rest = list.filter((held) => held.id !== item.id)
  if (!isListed(item)) return rest
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
