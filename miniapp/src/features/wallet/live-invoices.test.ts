import { describe, expect, it } from 'vitest'

import { paymentInvoicesChannel, settledAlert } from '@/features/wallet/live-invoices'
import { invoiceFixture } from '@/features/wallet/testing/payment-handlers'

describe('settled invoices', () => {
  it('raise the alert of their outcome; a pending one and the player’s own decline raise none', () => {
    expect(paymentInvoicesChannel(42)).toBe('payment:invoices#42')
    expect(settledAlert(invoiceFixture(), 'pending')).toBeUndefined()
    expect(settledAlert(invoiceFixture({ status: 2 }), 'success')).toEqual({ modal: 'deposit-success' })
    expect(settledAlert(invoiceFixture({ status: 3, failureReason: 'declined_by_provider' }), 'failure')).toEqual({ modal: 'deposit-error' })
    expect(settledAlert(invoiceFixture({ status: 3, failureReason: 'declined_by_player' }), 'failure')).toBeUndefined()
    expect(settledAlert(invoiceFixture({ type: 'withdrawal', status: 2 }), 'success')).toEqual({ toast: true })
    expect(settledAlert(invoiceFixture({ type: 'withdrawal', status: 3, failureReason: 'declined_by_provider' }), 'failure')).toEqual({ modal: 'deposit-error' })
  })
})
