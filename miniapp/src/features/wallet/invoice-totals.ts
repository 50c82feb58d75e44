import type { Schemas } from '@/lib/api-types'

export interface CurrencyTotals {
  currency: string
  /** Minor units of successful deposits and withdrawals, and of deposits still pending. */
  deposited: number
  withdrawn: number
  pending: number
}

const PENDING = 1
const SUCCESS = 2

/**
 * The wallet page's totals from `/payment/invoices/statistics`: one row per currency (sums of different
 * currencies are never added), currencies in the platform's order.
 */
export function invoiceTotals(rows: readonly Schemas['StatisticsRow'][]): CurrencyTotals[] {
  const byCurrency = new Map<string, CurrencyTotals>()
  for (const row of rows) {
    let totals = byCurrency.get(row.currency)
    if (!totals) {
      totals = { currency: row.currency, deposited: 0, withdrawn: 0, pending: 0 }
      byCurrency.set(row.currency, totals)
    }
    if (row.type === 'deposit' && row.status === SUCCESS) totals.deposited += row.amount
    else if (row.type === 'withdrawal' && row.status === SUCCESS) totals.withdrawn += row.amount
    else if (row.type === 'deposit' && row.status === PENDING) totals.pending += row.amount
  }
  return [...byCurrency.values()]
}
