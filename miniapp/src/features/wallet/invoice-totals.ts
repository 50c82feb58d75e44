import type { InvoiceStatuses } from '@/features/wallet/payments/invoice-machine'
import type { Schemas } from '@/lib/api-types'

export interface CurrencyTotals {
  currency: string
  /** Minor units of successful deposits and withdrawals, and of deposits still pending. */
  deposited: number
  withdrawn: number
  pending: number
}

/**
 * The wallet page's totals from `/payment/invoices/statistics`: one row per currency (sums of different
 * currencies are never added), currencies in the platform's order; `statuses` is its numbering of invoice statuses.
 */
export function invoiceTotals(rows: readonly Schemas['StatisticsRow'][], statuses: InvoiceStatuses): CurrencyTotals[] {
  const byCurrency = new Map<string, CurrencyTotals>()
  for (const row of rows) {
    let totals = byCurrency.get(row.currency)
    if (!totals) {
      totals = { currency: row.currency, deposited: 0, withdrawn: 0, pending: 0 }
      byCurrency.set(row.currency, totals)
    }
    if (row.type === 'deposit' && row.status === statuses.success) totals.deposited += row.amount
    else if (row.type === 'withdrawal' && row.status === statuses.success) totals.withdrawn += row.amount
    else if (row.type === 'deposit' && row.status === statuses.pending) totals.pending += row.amount
  }
  return [...byCurrency.values()]
}
