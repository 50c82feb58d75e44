import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { SPORTSBOOK_IDENTITY } from '@/features/sportsbook/api/start-sportsbook'
import type { EventInfo, SportInfo } from '@/features/sportsbook/sport-path'

export const soccerInfo: SportInfo = {
  SportId: 66,
  Name: 'Soccer',
  Categories: [
    {
      CategoryId: 601,
      Name: 'England',
      Championships: [
        { ChampionshipId: 20001, Name: 'Premier League' },
        { ChampionshipId: 20002, Name: 'FA Cup' },
      ],
    },
    { CategoryId: 602, Name: 'Spain', Championships: [{ ChampionshipId: 20003, Name: 'La Liga' }] },
  ],
}

export const derbyEvent: EventInfo = {
  id: 5000001,
  name: 'Arsenal vs Chelsea',
  home: 'Arsenal',
  away: 'Chelsea',
  startsAt: '2026-11-24T20:00:00Z',
  championship: { id: 20001, name: 'Premier League', category: { id: 601, name: 'England', sport: { id: 66, name: 'Soccer' } } },
}

const notFound = (code: string) => HttpResponse.json({ code, message: 'Not found.' }, { status: 404 })

/** The sportsbook's public lookups (soccer and one event) and its start through the play call. */
export const sportsbookHandlers = [
  http.get('/api/game/sport/info/:id', ({ params }) =>
    params.id === String(soccerInfo.SportId) ? HttpResponse.json(soccerInfo) : notFound('sport_not_found'),
  ),
  http.get('/api/game/sport/events/:id', ({ params }) =>
    params.id === String(derbyEvent.id) ? HttpResponse.json(derbyEvent) : notFound('event_not_found'),
  ),
  // As the sandbox's captcha provider judges: a token saying `fail` is refused on the `captcha` field.
  http.post(`/api/game/games/${SPORTSBOOK_IDENTITY}/play`, async ({ request }) => {
    if (!request.headers.get('authorization')) {
      return HttpResponse.json({ code: 'unauthorized', message: 'Sign in to play for real money.' }, { status: 401 })
    }
    const { captcha } = (await request.json()) as Schemas['PlayRequest']
    return captcha?.includes('fail')
      ? HttpResponse.json({ code: 'validation_failed', message: 'Check the fields.', fields: { captcha: 'Confirm that you are not a robot, then send again.' } }, { status: 422 })
      : HttpResponse.json({ url: '', token: 'sportsbook-token' } satisfies Schemas['Launch'])
  }),
]
