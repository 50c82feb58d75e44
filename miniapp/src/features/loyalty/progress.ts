import type { Schemas } from '@/lib/api-types'

export type LoyaltyAccount = Schemas['LoyaltyAccount']
export type Level = Schemas['Level']

/**
 * Progress to the next level in percent (spec section 3): the points earned above the current level
 * divided by the gap to the next one, rounded to 2 decimals; 0 without an account; 100 at the top level.
 */
export function levelProgressPercent(account: LoyaltyAccount | null | undefined): number {
  if (!account?.currentLevel) return 0
  if (!account.nextLevel) return 100
  const gap = account.nextLevel.points - account.currentLevel.points
  if (gap <= 0) return 100
  const earned = Math.min(Math.max(account.points - account.currentLevel.points, 0), gap)
  return Math.round((earned / gap) * 10_000) / 100
}

/**
 * Whether a pushed account holds a higher level than the one held before (spec section 4, "Loyalty").
 * An account known to hold no level yet counts as below the first one (the platform's rule too), so
 * the first level, reached by a new player's first real spin, is a level-up; an account not known at
 * all (`undefined`) is a first load, not one.
 */
export function isLevelUp(before: LoyaltyAccount | null | undefined, after: LoyaltyAccount): boolean {
  if (!before) return false
  const now = after.currentLevel?.order
  return now !== undefined && now > (before.currentLevel?.order ?? 0)
}
