import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Invoice } from '@/features/wallet/payments/invoice-machine'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** How far back an invoice named in a URL (`?deposit-status=<id>`) is looked for: the platform's largest page. */
const LOOKUP_PAGE_SIZE = 100

/**
 * One of the player's invoices by id. The platform lists invoices (newest first) and has no single-invoice
 * read, so this looks through the newest page; an invoice older than that is `null` (not found).
 */
async function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice | null> {
  const page = await apiRequest<Schemas['InvoicePage']>('/payment/invoices', { query: { page: 1, perPage: LOOKUP_PAGE_SIZE }, signal })
  return page.data.find((invoice) => invoice.id === id) ?? null
}

/** Every invoice's entry (a prefix of `invoiceQueryOptions(id).queryKey`). */
export const allInvoicesQueryKey = ['payment', 'invoice'] as const

/** One invoice; creation seeds it and `payment:invoices#` publications replace it (`features/wallet/live-invoices.tsx`). */
export function invoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...allInvoicesQueryKey, id],
    queryFn: ({ signal }) => getInvoice(id, signal),
    // Publications keep it current; a refetch is only a fallback when the socket missed one.
    staleTime: 30_000,
  })
}

/** The invoice `id`, or nothing while there is none to follow. */
export function useInvoice(id: string | undefined) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: id !== undefined && id !== '' })
}
