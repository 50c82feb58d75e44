import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

/** A player with no quests running. */
export const questsHandlers = [
  http.get(
    '/api/retention/quests',
    withSession(() => HttpResponse.json({ data: [] as Schemas['Quest'][] })),
  ),
]
