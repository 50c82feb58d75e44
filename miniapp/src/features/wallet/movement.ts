import type { InvoiceStatuses } from '@/features/wallet/payments/invoice-machine'
import type { Schemas } from '@/lib/api-types'
import type { Constants } from '@/lib/settings'

/**
 * What a history row did to the player's money: a signed amount in minor units and its tone. Credits
 * show with a plus and the positive colour, debits with a minus and the negative colour, and rows that
 * moved no money (a failed or not yet paid deposit, a bonus not yet released) unsigned and muted, so
 * the sign carries the meaning and the colour only repeats it.
 */
export type Tone = 'credit' | 'debit' | 'neutral'

export interface Movement {
  /** Minor units; negative for debits. Neutral movements keep the plain amount. */
  amount: bigint
  tone: Tone
}

function signed(amount: bigint): Movement {
  if (amount > 0n) return { amount, tone: 'credit' }
  if (amount < 0n) return { amount, tone: 'debit' }
  return { amount, tone: 'neutral' }
}

/**
 * A deposit credits only once it succeeds; a withdrawal's amount leaves the balance when it is created
 * (held) and comes back only if it fails. `statuses` is the platform's numbering of invoice statuses.
 */
export function invoiceMovement(invoice: Pick<Schemas['Invoice'], 'type' | 'status' | 'amount'>, statuses: InvoiceStatuses): Movement {
  const amount = BigInt(invoice.amount)
  if (invoice.type === 'withdrawal') return invoice.status === statuses.failure ? { amount, tone: 'neutral' } : signed(-amount)
  return invoice.status === statuses.success ? signed(amount) : { amount, tone: 'neutral' }
}

/** A settled bet: what it won less the stake; an open bet: its stake, held. */
export function betMovement(bet: Pick<Schemas['Bet'], 'amount' | 'win' | 'isSettled'>): Movement {
  const stake = BigInt(bet.amount)
  if (!bet.isSettled || bet.win === null || bet.win === undefined) return signed(-stake)
  return signed(BigInt(bet.win) - stake)
}

/** A spin: its win less its bet. */
export function spinMovement(spin: Pick<Schemas['Spin'], 'bet' | 'win'>): Movement {
  return signed(BigInt(spin.win) - BigInt(spin.bet))
}

/** A bonus credits the wallet when it is played through (finished, played); before that it is only an offer. */
export function bonusMovement(
  bonus: Pick<Schemas['PlayerBonus'], 'amount' | 'status' | 'result'>,
  { bonusStatuses, bonusResults }: Pick<Constants, 'bonusStatuses' | 'bonusResults'>,
): Movement {
  const amount = BigInt(bonus.amount)
  return bonus.status === bonusStatuses.finished && bonus.result === bonusResults.played ? signed(amount) : { amount, tone: 'neutral' }
}

/** The text colour class of a tone (the palette's `positive`, `destructive` and `hint`). */
export const TONE_CLASS: Record<Tone, string> = {
  credit: 'text-positive',
  debit: 'text-destructive',
  neutral: 'text-hint',
}
