import type { Schemas } from '@/lib/api-types'
import { type Constants, constantName } from '@/lib/settings'

export type Invoice = Schemas['Invoice']

/** The platform's numbering of an invoice's status (spec section 4, "Invoice status"). */
export type InvoiceStatuses = Constants['invoiceStatuses']
export type InvoiceStatus = keyof InvoiceStatuses

/** What an invoice's status means, as the platform numbers it; undefined for a number it does not list. */
export function invoiceStatus(invoice: Pick<Invoice, 'status'>, statuses: InvoiceStatuses): InvoiceStatus | undefined {
  return constantName(statuses, invoice.status)
}

/**
 * One payment in the wallet modal, from the form to its outcome:
 *
 *   form ─submit→ creating ─created→ waiting ─updated(success)→ succeeded
 *     ↑              │                  ├─updated(failure)→ failed
 *     └──refused─────┘                  └─declined→ failed
 *
 * Each event carries what its invoice's status means (`invoiceStatus`), so the machine never reads a number.
 * `waiting` holds the pending invoice (its redirect, crypto address or cash reference); only
 * publications of that invoice move it (`payment:invoices#`, spec section 4). A second submit while
 * `creating` or `waiting` is ignored: a double tap never makes a second invoice.
 */
export type PaymentState =
  | { step: 'form' }
  | { step: 'creating' }
  | { step: 'waiting'; invoice: Invoice }
  | { step: 'succeeded'; invoice: Invoice }
  | { step: 'failed'; invoice: Invoice }

export type PaymentEvent =
  | { type: 'submit' }
  | { type: 'created'; invoice: Invoice; status: InvoiceStatus | undefined }
  | { type: 'refused' }
  | { type: 'updated'; invoice: Invoice; status: InvoiceStatus | undefined }
  | { type: 'reset' }

export const initialPaymentState: PaymentState = { step: 'form' }

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'submit':
      return state.step === 'form' ? { step: 'creating' } : state
    case 'refused':
      return state.step === 'creating' ? { step: 'form' } : state
    case 'created':
      if (state.step !== 'creating') return state
      return settledState(event.invoice, event.status) ?? { step: 'waiting', invoice: event.invoice }
    case 'updated':
      if (state.step !== 'waiting' || state.invoice.id !== event.invoice.id) return state
      return settledState(event.invoice, event.status) ?? { step: 'waiting', invoice: event.invoice }
    case 'reset':
      return initialPaymentState
  }
}

function settledState(invoice: Invoice, status: InvoiceStatus | undefined): PaymentState | undefined {
  if (status === 'success') return { step: 'succeeded', invoice }
  if (status === 'failure') return { step: 'failed', invoice }
  return undefined
}

/** Whether leaving now would abandon a payment the player started (Telegram's closing confirmation). */
export function isPaymentUnderway(state: PaymentState): boolean {
  return state.step === 'creating' || state.step === 'waiting'
}

/** What a `payment:invoices#{id}` publication carries: `{"event": "invoice.deposit.updated", "invoice": {...}}`. */
export function invoiceOfPublication(data: unknown): Invoice | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { event, invoice } = data as { event?: unknown; invoice?: Partial<Invoice> }
  if (event !== 'invoice.deposit.updated' && event !== 'invoice.withdrawal.updated') return undefined
  if (typeof invoice?.id !== 'string' || typeof invoice.status !== 'number' || typeof invoice.amount !== 'number') return undefined
  return invoice as Invoice
}

/** How a pending deposit is paid, from what the platform answered. */
export type PendingShape =
  | { kind: 'redirect'; url: string }
  | { kind: 'crypto'; address: string; network: string; qr: string }
  | { kind: 'cashAgent'; reference: string; instructions: string }
  | { kind: 'withdrawal'; address?: string | undefined; network?: string | undefined }
  | { kind: 'none' }

export function pendingShape(invoice: Invoice): PendingShape {
  const data = invoice.publicData
  if (invoice.type === 'withdrawal') {
    return data && 'address' in data ? { kind: 'withdrawal', address: data.address, network: data.network } : { kind: 'withdrawal' }
  }
  if (invoice.redirectUrl) return { kind: 'redirect', url: invoice.redirectUrl }
  if (data && 'qr' in data) return { kind: 'crypto', address: data.address, network: data.network, qr: data.qr }
  if (data && 'reference' in data) return { kind: 'cashAgent', reference: data.reference, instructions: data.instructions }
  return { kind: 'none' }
}
