import { queryOptions, useQuery } from '@tanstack/react-query'

import type { PaymentMethodGroup } from '@/features/wallet/payments/methods'
import { apiList } from '@/lib/api-client'

export type PaymentDirection = 'deposit' | 'withdrawal'

/** Spec section 7: "Payment region comes from local storage key paymentGeo, otherwise from the country request header." */
const PAYMENT_GEO_KEY = 'paymentGeo'

function paymentGeo(): string | undefined {
  try {
    const stored = localStorage.getItem(PAYMENT_GEO_KEY)?.trim()
    return stored && /^[A-Za-z]{2}$/.test(stored) ? stored.toUpperCase() : undefined
  } catch {
    return undefined
  }
}

/** The methods of a direction for a currency in the player's payment region, grouped as the platform orders them. */
function getPaymentMethods(direction: PaymentDirection, currency: string, signal?: AbortSignal): Promise<PaymentMethodGroup[]> {
  return apiList<PaymentMethodGroup>(`/payment/methods/${direction}`, { query: { currency, country: paymentGeo() }, signal })
}

/** A deposit-methods failure with code 13100 is the deposit-limit-reached state (spec section 8); no retry changes it. */
export function paymentMethodsQueryOptions(direction: PaymentDirection, currency: string) {
  return queryOptions({
    queryKey: ['payment', 'methods', direction, currency],
    queryFn: ({ signal }) => getPaymentMethods(direction, currency, signal),
    retry: false,
  })
}

export function usePaymentMethods(direction: PaymentDirection, currency: string | undefined) {
  return useQuery({ ...paymentMethodsQueryOptions(direction, currency ?? ''), enabled: currency !== undefined })
}
