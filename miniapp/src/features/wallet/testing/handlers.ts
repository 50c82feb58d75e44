import { http, HttpResponse } from 'msw'

import { walletPagesHandlers } from '@/features/wallet/testing/pages-handlers'
import type { Schemas } from '@/lib/api-types'
import { paymentHandlers } from '@/features/wallet/testing/payment-handlers'
import { accounts } from '@/test/fixtures'
import { withSession } from '@/test/msw/signed-in'

/** The signed-in player's accounts (the fixtures'); a call without a session is refused as the platform does. */
export const walletHandlers = [
  http.get('/api/wallet/accounts', withSession(() => HttpResponse.json({ data: accounts } satisfies Schemas['List_Account']))),
  ...walletPagesHandlers,
  ...paymentHandlers,
]
