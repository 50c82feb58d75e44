import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

/** A player without limits, reminders off, in a session that started an hour ago with no play. */
export const limitsHandlers = [
  http.get('/api/player/limits', withSession(() => HttpResponse.json({ data: [] } satisfies Schemas['List_Limit']))),
  http.get(
    '/api/player/reality-check',
    withSession(() =>
      HttpResponse.json({
        intervalMinutes: null,
        sessionStartedAt: new Date(Date.now() - 3_600_000).toISOString(),
        results: [],
      } satisfies Schemas['RealityCheck']),
    ),
  ),
]
