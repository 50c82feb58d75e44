import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

const levels: Schemas['Level'][] = [
  { name: 'Bronze', points: 0, order: 1 },
  { name: 'Silver', points: 100, order: 2 },
  { name: 'Gold', points: 500, order: 3 },
]

/** A player at Bronze with 50 points, on the way to Silver. */
export const loyaltyHandlers = [
  http.get('/api/retention/levels', () => HttpResponse.json({ data: levels })),
  http.get(
    '/api/retention/account',
    withSession(() =>
      HttpResponse.json({
        points: 50,
        currentLevel: { name: 'Bronze', points: 0, order: 1 },
        nextLevel: { name: 'Silver', points: 100 },
      } satisfies Schemas['LoyaltyAccount']),
    ),
  ),
]
