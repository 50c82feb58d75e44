import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { PaymentDirection } from '@/features/wallet/api/get-payment-methods'
import { invoiceQueryOptions } from '@/features/wallet/api/get-invoice'
import type { Invoice } from '@/features/wallet/payments/invoice-machine'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type NewInvoice = Schemas['NewInvoice']

/** Creates a pending deposit or withdrawal (`POST /payment/invoices/deposit|withdrawal`). */
function createInvoice(direction: PaymentDirection, body: NewInvoice): Promise<Invoice> {
  return apiRequest<Invoice>(`/payment/invoices/${direction}`, { method: 'POST', body })
}

/** The invoice it answers is cached under its id: the waiting view reads it, real-time publications update it. */
export function useCreateInvoice(direction: PaymentDirection) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewInvoice) => createInvoice(direction, body),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice.id).queryKey, invoice)
    },
  })
}
