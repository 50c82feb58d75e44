import { describe, expect, it } from 'vitest'

import {
  initialPaymentState,
  type Invoice,
  invoiceOfPublication,
  invoiceStatus,
  isPaymentUnderway,
  paymentReducer,
  pendingShape,
} from '@/features/wallet/payments/invoice-machine'
import { invoiceFixture } from '@/features/wallet/testing/payment-handlers'

const invoice: Invoice = invoiceFixture()

describe('the invoice state machine', () => {
  it('goes from the form through creation to waiting, then to the outcome of its own invoice only', () => {
    const creating = paymentReducer(initialPaymentState, { type: 'submit' })
    expect(creating).toEqual({ step: 'creating' })
    const waiting = paymentReducer(creating, { type: 'created', invoice, status: 'pending' })
    expect(waiting).toEqual({ step: 'waiting', invoice })
    expect(isPaymentUnderway(waiting)).toBe(true)
    expect(paymentReducer(waiting, { type: 'updated', invoice: { ...invoice, id: 'other', status: 2 }, status: 'success' })).toBe(waiting)
    const paid = { ...invoice, status: 2, number: 1 }
    expect(paymentReducer(waiting, { type: 'updated', invoice: paid, status: 'success' })).toEqual({ step: 'succeeded', invoice: paid })
    const failed = { ...invoice, status: 3 }
    expect(paymentReducer(waiting, { type: 'updated', invoice: failed, status: 'failure' })).toEqual({ step: 'failed', invoice: failed })
    expect(isPaymentUnderway({ step: 'succeeded', invoice: paid })).toBe(false)
  })

  it('ignores a second submit while one is under way, and returns to the form on a refusal', () => {
    const creating = paymentReducer(initialPaymentState, { type: 'submit' })
    expect(paymentReducer(creating, { type: 'submit' })).toBe(creating)
    const waiting = paymentReducer(creating, { type: 'created', invoice, status: 'pending' })
    expect(paymentReducer(waiting, { type: 'submit' })).toBe(waiting)
    expect(paymentReducer(creating, { type: 'refused' })).toEqual({ step: 'form' })
    expect(paymentReducer(waiting, { type: 'reset' })).toEqual({ step: 'form' })
  })

  it('names an invoice’s status as the platform numbers it', () => {
    const statuses = { pending: 3, success: 1, failure: 2 }
    expect(invoiceStatus({ status: 1 }, statuses)).toBe('success')
    expect(invoiceStatus({ status: 3 }, statuses)).toBe('pending')
    expect(invoiceStatus({ status: 9 }, statuses)).toBeUndefined()
  })

  it('reads publications and the invoice’s shape', () => {
    expect(invoiceOfPublication({ event: 'invoice.deposit.updated', invoice })).toEqual(invoice)
    expect(invoiceOfPublication({ event: 'something.else', invoice })).toBeUndefined()
    expect(invoiceOfPublication({ event: 'invoice.deposit.updated', invoice: { id: 1 } })).toBeUndefined()
    expect(pendingShape(invoice)).toEqual({ kind: 'redirect', url: '/sandbox/payments/inv-1' })
    expect(
      pendingShape({ ...invoice, redirectUrl: null, publicData: { address: 'UQx', network: 'TON', qr: 'ton://transfer/UQx?amount=1' } }),
    ).toEqual({ kind: 'crypto', address: 'UQx', network: 'TON', qr: 'ton://transfer/UQx?amount=1' })
    expect(pendingShape({ ...invoice, redirectUrl: null, publicData: { reference: 'AG-1', instructions: 'Quote it' } })).toEqual({
      kind: 'cashAgent',
      reference: 'AG-1',
      instructions: 'Quote it',
    })
    expect(pendingShape({ ...invoice, type: 'withdrawal', redirectUrl: null, publicData: { address: 'T1', network: 'TRON' } })).toEqual({
      kind: 'withdrawal',
      address: 'T1',
      network: 'TRON',
    })
  })
})
