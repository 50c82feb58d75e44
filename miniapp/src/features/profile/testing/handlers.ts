import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { profile } from '@/test/fixtures'
import { withSession } from '@/test/msw/signed-in'

/** The signed-in player's profile (the fixtures'); a call without a session is refused as the platform does. */
export const profileHandlers = [
  http.get('/api/player/profile', withSession(() => HttpResponse.json(profile satisfies Schemas['Profile']))),
]
