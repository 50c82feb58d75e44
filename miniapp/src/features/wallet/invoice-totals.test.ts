import { describe, expect, it } from 'vitest'

import { invoiceTotals } from '@/features/wallet/invoice-totals'
import { statistics } from '@/features/wallet/testing/history-fixtures'
import { constants } from '@/test/fixtures'

describe('invoiceTotals', () => {
  it('gives one row per currency and never adds currencies together', () => {
    expect(invoiceTotals(statistics.data, constants.invoiceStatuses)).toEqual([
      { currency: 'USD', deposited: 2500, withdrawn: 700, pending: 5000 },
      { currency: 'BTC', deposited: 100_000, withdrawn: 0, pending: 0 },
    ])
  })

  it('leaves failed invoices out of every total', () => {
    expect(invoiceTotals([{ type: 'deposit', status: 3, currency: 'USD', count: 4, amount: 999 }], constants.invoiceStatuses)).toEqual([
      { currency: 'USD', deposited: 0, withdrawn: 0, pending: 0 },
    ])
  })

  it('reads the statuses as the platform numbers them', () => {
    const statuses = { pending: 3, success: 1, failure: 2 }
    const rows = [
      { type: 'deposit', status: 1, currency: 'USD', count: 1, amount: 100 },
      { type: 'deposit', status: 3, currency: 'USD', count: 1, amount: 40 },
      { type: 'deposit', status: 2, currency: 'USD', count: 1, amount: 7 },
      { type: 'withdrawal', status: 1, currency: 'USD', count: 1, amount: 30 },
    ]
    expect(invoiceTotals(rows, statuses)).toEqual([{ currency: 'USD', deposited: 100, withdrawn: 30, pending: 40 }])
  })
})
