import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

/** A player who has invited nobody yet. */
export const referralHandlers = [
  http.get(
    '/api/referral',
    withSession(() =>
      HttpResponse.json({ startParam: 'ref_42', sharePercent: 10, referrals: [], balances: [] } satisfies Schemas['ReferralProgramme']),
    ),
  ),
]
