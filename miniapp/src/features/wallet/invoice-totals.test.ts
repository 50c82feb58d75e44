import { describe, expect, it } from 'vitest'

import { invoiceTotals } from '@/features/wallet/invoice-totals'
import { statistics } from '@/features/wallet/testing/history-fixtures'

describe('invoiceTotals', () => {
  it('gives one row per currency and never adds currencies together', () => {
    expect(invoiceTotals(statistics.data)).toEqual([
      { currency: 'USD', deposited: 2500, withdrawn: 700, pending: 5000 },
      { currency: 'BTC', deposited: 100_000, withdrawn: 0, pending: 0 },
    ])
  })

  it('leaves failed invoices out of every total', () => {
    expect(invoiceTotals([{ type: 'deposit', status: 3, currency: 'USD', count: 4, amount: 999 }])).toEqual([
      { currency: 'USD', deposited: 0, withdrawn: 0, pending: 0 },
    ])
  })
})
