import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

import { allDepositBonusesQueryKey } from '@/features/wallet/api/get-deposit-bonuses'
import { depositLimitsQueryOptions } from '@/features/wallet/api/get-deposit-limits'
import { depositBonusCodeQueryOptions } from '@/features/wallet/api/deposit-bonus-code'
import { allInvoicesQueryKey, invoiceQueryOptions } from '@/features/wallet/api/get-invoice'
import { invoiceListsQueryKey } from '@/features/wallet/api/get-invoice-page'
import { type Invoice, type InvoiceStatus, invoiceOfPublication, invoiceStatus } from '@/features/wallet/payments/invoice-machine'
import { clearPendingInvoiceId, pendingInvoiceId } from '@/features/wallet/pending-invoice'
import { trackDeposit } from '@/lib/analytics'
import type { ModalKey } from '@/lib/modals'
import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'
import { constantsQueryOptions } from '@/lib/settings'
import { showToast } from '@/lib/toasts'
import { t } from '@/lib/i18n'

export function paymentInvoicesChannel(profileId: number): string {
  return `payment:invoices#${profileId}`
}

/** The alert a settled invoice raises (spec section 4: only success and failure show one). */
export function settledAlert(invoice: Invoice, status: InvoiceStatus | undefined): { modal: ModalKey } | { toast: true } | undefined {
  if (status === 'success') return invoice.type === 'deposit' ? { modal: 'deposit-success' } : { toast: true }
  // The player's own cancellation is confirmed where they made it (`cancel-deposit`), not alerted again.
  if (status === 'failure' && invoice.failureReason !== 'declined_by_player') return { modal: 'deposit-error' }
  return undefined
}

export interface LiveInvoicesProps {
  /** Opens a URL modal on the current page (the app owns the router). */
  openModal: (key: ModalKey, value: string) => void
}

/**
 * `payment:invoices#{profileId}` while signed in: each publication replaces the cached invoice (the
 * waiting view follows it live), refreshes invoice lists, and a settlement raises its alert: a deposit's
 * success opens `deposit-success` and fires the analytics events by its number, a failure opens
 * `deposit-error`, a withdrawal's success shows a toast.
 */
export default function LiveInvoices({ openModal }: LiveInvoicesProps) {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const profileId = state.status === 'loggedIn' ? state.profileId : undefined
  const open = useRef(openModal)
  useEffect(() => {
    open.current = openModal
  })
  // Invoices whose settlement was already told: a publication and the check after a resubscription can
  // both find the same one settled, and the player hears of it (and analytics count it) once.
  const told = useRef(new Set<string>())

  const onPublication = (data: unknown) => {
    const invoice = invoiceOfPublication(data)
    if (!invoice) return
    queryClient.setQueryData(invoiceQueryOptions(invoice.id).queryKey, invoice)
    void queryClient.invalidateQueries({ queryKey: invoiceListsQueryKey })
    settleByPlatformNumbering(invoice)
  }
  // What the status means is the platform's numbering; without it no alert is raised, and the waiting view
  // and the lists still follow the invoice.
  const settleByPlatformNumbering = (invoice: Invoice) => {
    queryClient.query(constantsQueryOptions()).then(
      (constants) => {
        settle(invoice, invoiceStatus(invoice, constants.invoiceStatuses))
      },
      (error: unknown) => {
        console.error('[wallet] constants failed', error)
      },
    )
  }
  const settle = (invoice: Invoice, status: InvoiceStatus | undefined) => {
    if (status !== 'pending') clearPendingInvoiceId(invoice.id)
    const alert = settledAlert(invoice, status)
    if (!alert || told.current.has(invoice.id)) return
    told.current.add(invoice.id)
    if (invoice.type === 'deposit' && status === 'success') {
      trackDeposit(invoice.number)
      // A deposit may issue a bonus or settle a code waiting for it.
      for (const queryKey of [depositBonusCodeQueryOptions().queryKey, allDepositBonusesQueryKey, depositLimitsQueryOptions().queryKey])
        void queryClient.invalidateQueries({ queryKey })
    }
    if ('modal' in alert) open.current(alert.modal, invoice.id)
    else showToast({ title: t('Withdrawal paid'), tone: 'success' })
  }
  // A settlement published before the subscription (or while the connection was down) is not sent
  // again: the invoices and their lists are fetched anew each time the channel is (re)subscribed, and the
  // deposit the player is paying (the stored pending id) is told now if it settled meanwhile, as its
  // publication would have.
  const resync = () => {
    for (const queryKey of [allInvoicesQueryKey, invoiceListsQueryKey]) void queryClient.invalidateQueries({ queryKey })
    const pendingId = pendingInvoiceId(profileId)
    if (pendingId === null) return
    queryClient.query({ ...invoiceQueryOptions(pendingId), staleTime: 0 }).then(
      (invoice) => {
        // Still pending, it is told by its publication later; settled, as that publication would have.
        if (invoice?.id === pendingInvoiceId(profileId)) settleByPlatformNumbering(invoice)
      },
      (error: unknown) => {
        console.error('[wallet] the pending deposit could not be checked', error)
      },
    )
  }
  useChannel(profileId === undefined ? undefined : paymentInvoicesChannel(profileId), onPublication, resync)
  return null
}
