import { queryOptions, useQuery } from '@tanstack/react-query'

import { invoiceListsQueryKey } from '@/features/wallet/api/get-invoice-page'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type InvoiceStatistics = Schemas['Statistics']

/** `GET /payment/invoices/statistics`: counts and sums per type, status and currency (never added across currencies). */
function getInvoiceStatistics(signal?: AbortSignal): Promise<InvoiceStatistics> {
  return apiRequest<InvoiceStatistics>('/payment/invoices/statistics', { signal })
}

function invoiceStatisticsQueryOptions() {
  return queryOptions({
    queryKey: [...invoiceListsQueryKey, 'statistics'],
    queryFn: ({ signal }) => getInvoiceStatistics(signal),
  })
}

export function useInvoiceStatistics() {
  return useQuery(invoiceStatisticsQueryOptions())
}
