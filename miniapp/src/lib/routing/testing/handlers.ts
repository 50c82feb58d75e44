import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'

/** Every navigation looks up its route rule; no rule unless a test says otherwise. */
export const routingHandlers = [
  http.get('/api/content/route-rules', ({ request }) =>
    HttpResponse.json({
      path: new URL(request.url).searchParams.get('path') ?? '/',
      redirect: null,
      middleware: [],
    } satisfies Schemas['RouteRule']),
  ),
]
