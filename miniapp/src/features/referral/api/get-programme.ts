import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type ReferralProgramme = Schemas['ReferralProgramme']

/** `GET /referral`: the player's link parameter, invited players, and earnings per currency. */
function getReferralProgramme(signal?: AbortSignal): Promise<ReferralProgramme> {
  return apiRequest<ReferralProgramme>('/referral', { signal })
}

export function referralProgrammeQueryOptions() {
  return queryOptions({
    queryKey: ['referral', 'programme'],
    queryFn: ({ signal }) => getReferralProgramme(signal),
  })
}

export function useReferralProgramme(enabled = true) {
  return useQuery({ ...referralProgrammeQueryOptions(), enabled })
}
