import { http, HttpResponse } from 'msw'

import { catalogue, currencies, page } from '@/test/fixtures'
import { realtimeHandler } from '@/test/msw/realtime'

/** The one set of API mock handlers every route-level test starts from. */
export const handlers = [
  http.get('/api/game/collections', () => HttpResponse.json({ data: catalogue.collections })),
  http.get('/api/game/games', ({ request }) => {
    const collection = new URL(request.url).searchParams.get('collection') ?? ''
    return HttpResponse.json(page(catalogue.games[collection] ?? []))
  }),
  http.get('/api/settings/currencies', () => HttpResponse.json({ data: currencies })),
  // Every navigation looks up its route rule; no rule unless a test says otherwise.
  http.get('/api/content/route-rules', ({ request }) =>
    HttpResponse.json({ path: new URL(request.url).searchParams.get('path') ?? '/', redirect: null, middleware: [] }),
  ),
  realtimeHandler,
]
