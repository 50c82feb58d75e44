/** How far a bonus is wagered, in whole percent (0 to 100, rounded down; exact integer arithmetic). */
export function wageringPercent(wagered: number, needed: number): number {
  if (needed <= 0) return 100
  if (wagered <= 0) return 0
  const percent = (BigInt(wagered) * 100n) / BigInt(needed)
  return percent > 100n ? 100 : Number(percent)
}
