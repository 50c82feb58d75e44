import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { InvoiceStatus } from '@/features/wallet/payments/invoice-machine'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { type Constants, constantsQueryOptions } from '@/lib/settings'

type InvoicePage = Schemas['InvoicePage']

export interface InvoicePageQuery {
  page: number
  perPage: number
  /** deposit or withdrawal. */
  type?: string | undefined
  /** Sent as the platform numbers it. */
  status?: InvoiceStatus | undefined
  currency?: string | undefined
  /** RFC 3339; with `createdBefore`, the half-open range of creation times. */
  createdFrom?: string | undefined
  createdBefore?: string | undefined
}

/** `GET /payment/invoices`: one page of the player's invoices, newest first, narrowed as the query asks. */
function getInvoicePage({ invoiceStatuses }: Constants, query: InvoicePageQuery, signal?: AbortSignal): Promise<InvoicePage> {
  return apiRequest<InvoicePage>('/payment/invoices', {
    query: {
      page: query.page,
      perPage: query.perPage,
      type: query.type,
      status: query.status === undefined ? undefined : invoiceStatuses[query.status],
      currency: query.currency,
      createdFrom: query.createdFrom,
      createdBefore: query.createdBefore,
    },
    signal,
  })
}

/**
 * Every list of invoices and their statistics (`invoiceStatisticsQueryOptions`): whatever creates, settles
 * or declines an invoice invalidates this prefix.
 */
export const invoiceListsQueryKey = ['payment', 'invoices'] as const

function invoicePageQueryOptions(query: InvoicePageQuery) {
  return queryOptions({
    queryKey: [...invoiceListsQueryKey, 'page', query],
    queryFn: async ({ client, signal }) => getInvoicePage(await client.query(constantsQueryOptions()), query, signal),
    // A new page or filter keeps the old rows on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  })
}

export function useInvoicePage(query: InvoicePageQuery) {
  return useQuery(invoicePageQueryOptions(query))
}
