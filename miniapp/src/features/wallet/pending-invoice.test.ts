import { afterEach, describe, expect, it } from 'vitest'

import { clearPendingInvoiceId, pendingInvoiceId, setPendingInvoiceId } from '@/features/wallet/pending-invoice'

describe('the pending invoice id', () => {
  afterEach(() => {
    localStorage.clear()
  })

  it('is kept for its player only, and a settlement forgets only its own id', () => {
    setPendingInvoiceId(42, 'inv-1')
    expect(pendingInvoiceId(42)).toBe('inv-1')
    expect(pendingInvoiceId(7)).toBeNull()
    expect(pendingInvoiceId(undefined)).toBeNull()
    clearPendingInvoiceId('inv-0')
    expect(pendingInvoiceId(42)).toBe('inv-1')
    clearPendingInvoiceId('inv-1')
    expect(pendingInvoiceId(42)).toBeNull()
  })
})
