import { useQueryClient } from '@tanstack/react-query'

import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'

/** The invoices' real-time channel (spec section 7): created, settled and declined invoices. */
export function paymentInvoicesChannel(profileId: number): string {
  return `payment:invoices#${String(profileId)}`
}

/**
 * While a screen listing invoices is open, every `payment:invoices#` publication refreshes the invoice
 * queries (pages and statistics, all under `['payment', 'invoices']`).
 */
export function useLiveInvoices(): void {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const profileId = state.status === 'loggedIn' ? state.profileId : undefined
  useChannel(profileId === undefined ? undefined : paymentInvoicesChannel(profileId), () => {
    void queryClient.invalidateQueries({ queryKey: ['payment', 'invoices'] })
  })
}
