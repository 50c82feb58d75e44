import { useMutation, useQueryClient } from '@tanstack/react-query'

import { referralProgrammeQueryOptions } from '@/features/referral/api/get-programme'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type ReferralTransfer = Schemas['ReferralTransfer']

/**
 * `POST /referral/transfers`: moves the available earnings of a currency into the wallet. The key is
 * made once per confirmation, so a retry after a lost answer cannot pay twice (the platform answers
 * the first transfer).
 */
function transferEarnings(input: { currency: string; idempotencyKey: string }): Promise<ReferralTransfer> {
  return apiRequest<ReferralTransfer>('/referral/transfers', { method: 'POST', body: input })
}

export function useTransferEarnings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: transferEarnings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralProgrammeQueryOptions().queryKey }),
  })
}
