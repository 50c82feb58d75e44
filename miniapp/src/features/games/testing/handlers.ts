import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { catalogue, page } from '@/test/fixtures'

/** The catalogue: the fixtures' collections, and each collection's games on one page. */
export const gamesHandlers = [
  http.get('/api/game/collections', () => HttpResponse.json({ data: catalogue.collections } satisfies Schemas['List_Collection'])),
  http.get('/api/game/games', ({ request }) => {
    const collection = new URL(request.url).searchParams.get('collection') ?? ''
    return HttpResponse.json(page(catalogue.games[collection] ?? []) satisfies Schemas['Page_Game'])
  }),
]
