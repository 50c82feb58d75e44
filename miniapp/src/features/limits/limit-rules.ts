import type { Limit } from '@/features/limits/api/limits'
import { t } from '@/lib/i18n'

/** The definitions of spec section 4. */
export const LIMIT_DEFINITIONS = { bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 } as const
/** The definitions counted in money over a period. */
export const AMOUNT_DEFINITIONS = [LIMIT_DEFINITIONS.deposit, LIMIT_DEFINITIONS.bet, LIMIT_DEFINITIONS.loss] as const

/** The periods of spec section 9, in the order the page groups them. */
export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const
export type LimitPeriod = (typeof LIMIT_PERIODS)[number]

export function isLimitPeriod(value: unknown): value is LimitPeriod {
  return (LIMIT_PERIODS as readonly unknown[]).includes(value)
}

export function isExclusion(definition: number): boolean {
  return definition === LIMIT_DEFINITIONS.selfExclusion || definition === LIMIT_DEFINITIONS.coolingOff
}

export function definitionName(definition: number): string {
  switch (definition) {
    case LIMIT_DEFINITIONS.bet:
      return t('Bet limit')
    case LIMIT_DEFINITIONS.loss:
      return t('Loss limit')
    case LIMIT_DEFINITIONS.deposit:
      return t('Deposit limit')
    case LIMIT_DEFINITIONS.selfExclusion:
      return t('Self-exclusion')
    default:
      return t('Cooling-off')
  }
}

export function periodName(period: LimitPeriod): string {
  return { daily: t('Daily'), weekly: t('Weekly'), monthly: t('Monthly') }[period]
}

export interface GroupedLimits {
  /** Bet, loss and deposit limits by period (spec: "periods are grouped daily, weekly, monthly"), deposit first. */
  byPeriod: { period: LimitPeriod; limits: Limit[] }[]
  /** Running self-exclusions and cooling-offs. */
  exclusions: Limit[]
}

/** The page's grouping: periods that hold a limit, in the spec's order, and the exclusions apart. */
export function groupLimits(limits: readonly Limit[]): GroupedLimits {
  const order = (limit: Limit) => AMOUNT_DEFINITIONS.indexOf(limit.definition as (typeof AMOUNT_DEFINITIONS)[number])
  const byPeriod = LIMIT_PERIODS.map((period) => ({
    period,
    limits: limits.filter((limit) => !isExclusion(limit.definition) && limit.period === period).sort((a, b) => order(a) - order(b)),
  })).filter((group) => group.limits.length > 0)
  return { byPeriod, exclusions: limits.filter((limit) => isExclusion(limit.definition)) }
}

const PERIOD_RANK: Record<LimitPeriod, number> = { daily: 1, weekly: 2, monthly: 3 }

/**
 * Whether a change makes the limit looser, which the platform applies only after its 24-hour delay: a
 * higher amount, or a longer period (a monthly amount allows more play than the same daily one). A
 * shorter period with the same or a lower amount is stricter and applies at once.
 */
export function isLoosening(limit: Pick<Limit, 'amount' | 'period'>, change: { amount: number; period: LimitPeriod }): boolean {
  if (limit.amount == null || !isLimitPeriod(limit.period)) return false
  return change.amount > limit.amount || PERIOD_RANK[change.period] > PERIOD_RANK[limit.period]
}

/**
 * Spec section 9, the multi-currency limit check: the platform counts play and deposits in every
 * currency against each money limit, converted into the limit's currency at its rates. These are the
 * player's other currencies a limit counts (none for an exclusion), so the page can say so: a second
 * account is no way round a limit.
 */
export function otherCurrenciesCounted(limit: Pick<Limit, 'currency' | 'definition'>, accountCurrencies: readonly string[]): string[] {
  if (!limit.currency || isExclusion(limit.definition)) return []
  return [...new Set(accountCurrencies)].filter((code) => code !== limit.currency)
}

/** The used share of a limit's amount in whole percent, 0 to 100. */
export function usedPercent(limit: Pick<Limit, 'used' | 'amount'>): number {
  if (!limit.amount || limit.amount <= 0 || !limit.used) return 0
  return Math.min(100, Math.floor((limit.used * 100) / limit.amount))
}

/**
 * Self-exclusion and cooling-off lengths a player picks from, in days. Cooling-off is a short break (at
 * most 42 days on the platform), self-exclusion a long one (at most five years).
 */
export const EXCLUSION_DAYS: Record<typeof LIMIT_DEFINITIONS.selfExclusion | typeof LIMIT_DEFINITIONS.coolingOff, readonly number[]> = {
  [LIMIT_DEFINITIONS.coolingOff]: [1, 7, 30, 42],
  [LIMIT_DEFINITIONS.selfExclusion]: [183, 365, 1825],
}
