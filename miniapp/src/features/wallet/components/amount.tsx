import { formatIn } from '@/features/wallet/money-format'
import { type Movement, TONE_CLASS } from '@/features/wallet/movement'
import type { Currency } from '@/lib/api-types'

/** A history amount: right-aligned, signed (+ credit, − debit, unsigned when no money moved) and coloured by its tone. */
export function Amount({ movement, currency, currencies }: { movement: Movement; currency: string; currencies: readonly Currency[] | undefined }) {
  const text = formatIn(movement.amount, currency, currencies, movement.tone === 'neutral' ? 'auto' : 'exceptZero') ?? '—'
  return <span className={`shrink-0 text-right font-semibold whitespace-nowrap tabular-nums ${TONE_CLASS[movement.tone]}`}>{text}</span>
}
