import { useMutation, useQueryClient } from '@tanstack/react-query'

import { invoiceQueryOptions } from '@/features/wallet/api/get-invoice'
import type { Invoice } from '@/features/wallet/payments/invoice-machine'
import { apiRequest } from '@/lib/api-client'

/** The player cancels a pending invoice (`PUT /payment/invoices/{id}/decline`); a settled one is a 409. */
function declineInvoice(id: string): Promise<Invoice> {
  return apiRequest<Invoice>(`/payment/invoices/${encodeURIComponent(id)}/decline`, { method: 'PUT' })
}

export function useDeclineInvoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice.id).queryKey, invoice)
      // Lists of invoices (the /wallet page's pending deposits, histories) show it declined.
      void queryClient.invalidateQueries({ queryKey: ['payment'], predicate: (query) => query.queryKey[1] !== 'invoice' })
    },
  })
}
