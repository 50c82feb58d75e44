import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

export const welcomeBonus: Schemas['PlayerBonus'] = {
  id: 7,
  name: 'Welcome bonus 100%',
  status: 2,
  amount: 2000,
  currency: 'USD',
  packageId: 1,
  source: 'deposit',
  maxBetAmount: 500,
  wagerCasinoConditions: { gameIds: [], multiplier: 10, wagerAmount: 20_000, wageredAmount: 5000, maxBetAmount: 500 },
  expiresAt: '2099-01-01T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}

const list = (data: readonly unknown[]) => withSession(() => HttpResponse.json({ data }))

/** The bonuses' endpoints as the platform answers a player with one active bonus and nothing else. */
export const bonusesHandlers = [
  http.get('/api/game/player-bonuses', list([welcomeBonus])),
  http.get('/api/game/player-freespins', list([] satisfies Schemas['PlayerFreespin'][])),
  http.get(
    '/api/game/player-bonuses/sum',
    withSession(() =>
      HttpResponse.json({
        baseCurrencyBonusTotal: 2000,
        baseCurrency: 'USD',
        baseCurrencySymbol: '$',
        playerBonuses: [welcomeBonus],
      } satisfies Schemas['BonusesSum']),
    ),
  ),
  http.get(
    '/api/game/bonuses/cashback',
    withSession(() =>
      HttpResponse.json({
        currency: 'USD',
        percent: 10,
        periodStart: '2026-01-05',
        periodEnd: '2026-01-12',
        wageredAmount: 0,
        wonAmount: 0,
        lossAmount: 0,
        amount: 0,
      } satisfies Schemas['Cashback']),
    ),
  ),
  http.get('/api/game/bonuses/bonuscodes', list([] satisfies Schemas['PlayerBonusCode'][])),
  http.get('/api/content/bonus-pages', () =>
    HttpResponse.json({
      data: [{ slug: 'welcome-bonus', locale: 'en', title: '100% welcome bonus' }] satisfies Schemas['ContentSummary'][],
    }),
  ),
  http.post('/api/game/bonuses/bonuscodes', () =>
    HttpResponse.json(
      { code: 'bonus_code_incorrect', message: 'There is no such bonus code.', status: 3 } satisfies Schemas['BonusCodeRefusal'],
      { status: 422 },
    ),
  ),
]
