import { http, HttpResponse } from 'msw'

import type { Game, Schemas } from '@/lib/api-types'
import { catalogue, page } from '@/test/fixtures'
import { withSession } from '@/test/msw/signed-in'

const allGames = (): Game[] => {
  const seen = new Map<number, Game>()
  for (const games of Object.values(catalogue.games)) for (const game of games) seen.set(game.id, game)
  return [...seen.values()]
}

const findGame = (id: string) => allGames().find((game) => String(game.id) === id || game.identity === id)

const notFound = (what: string) => HttpResponse.json({ code: 'not_found', message: `${what} not found.` }, { status: 404 })

/**
 * The catalogue of the fixtures: collections, each collection's games on one page, a game by id or
 * identity, its launch, providers, features, winners, favourites, played games and the searches.
 */
export const gamesHandlers = [
  http.get('/api/game/collections', () => HttpResponse.json({ data: catalogue.collections } satisfies Schemas['List_Collection'])),
  http.get('/api/game/games', ({ request }) => {
    const query = new URL(request.url).searchParams
    const collection = query.get('collection')
    const provider = query.get('provider')?.split(',')
    let games = collection === null ? allGames() : (catalogue.games[collection] ?? [])
    if (provider) games = games.filter((game) => provider.includes(game.provider.identity))
    return HttpResponse.json(page(games) satisfies Schemas['Page_Game'])
  }),
  http.get('/api/game/games/features', () =>
    HttpResponse.json({ data: [{ id: 1, identity: 'bonus-buy', name: 'Bonus Buy', gamesCount: 1 }] } satisfies Schemas['List_Feature']),
  ),
  http.get('/api/game/games/favorites', withSession(() => HttpResponse.json({ data: [] } satisfies Schemas['List_Game']))),
  http.get('/api/game/games/played', withSession(() => HttpResponse.json(page([]) satisfies Schemas['Page_PlayedGame']))),
  http.get('/api/game/games/search', ({ request }) => {
    const text = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase()
    return HttpResponse.json(page(allGames().filter((game) => game.name.toLowerCase().includes(text))) satisfies Schemas['Page_Game'])
  }),
  http.get('/api/game/games/:id', ({ params }) => {
    const game = findGame(String(params.id))
    if (!game) return notFound('Game')
    return HttpResponse.json({ ...game, collections: [], isFavorite: false } satisfies Schemas['GameDetails'])
  }),
  http.post('/api/game/games/:id/play', ({ params }) =>
    findGame(String(params.id))
      ? HttpResponse.json({ url: '/api/sandbox/games/test-token', token: 'test-token' } satisfies Schemas['Launch'])
      : notFound('Game'),
  ),
  http.post('/api/game/games/:id/favorite', withSession(() => new HttpResponse(null, { status: 204 }))),
  http.delete('/api/game/games/:id/favorite', withSession(() => new HttpResponse(null, { status: 204 }))),
  http.get('/api/game/providers', () =>
    HttpResponse.json({
      data: [{ id: 1, identity: 'sandbox-studio', name: 'Sandbox Studio', gamesCount: allGames().length }],
    } satisfies Schemas['List_ProviderDetails']),
  ),
  http.get('/api/game/providers/:id', ({ params }) =>
    params.id === 'sandbox-studio' || params.id === '1'
      ? HttpResponse.json({ id: 1, identity: 'sandbox-studio', name: 'Sandbox Studio', gamesCount: allGames().length } satisfies Schemas['ProviderDetails'])
      : notFound('Provider'),
  ),
  http.get('/api/game/spins/winners', () => HttpResponse.json({ data: [] } satisfies Schemas['List_Winner'])),
  http.get('/api/game/sport/search', () => HttpResponse.json({ events: [], championships: [] } satisfies Schemas['SportSearchResult'])),
  http.get('/api/game/search/recent', withSession(() => HttpResponse.json({ data: [] } satisfies Schemas['List_RecentSearch']))),
  http.delete('/api/game/search/recent', withSession(() => new HttpResponse(null, { status: 204 }))),
]
