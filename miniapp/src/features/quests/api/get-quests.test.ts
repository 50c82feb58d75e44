import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { questsQueryOptions } from '@/features/quests/api/get-quests'
import { constants } from '@/test/fixtures'
import { server } from '@/test/msw/server'

afterEach(() => {
  vi.useRealTimers()
})

describe('the quests call', () => {
  it('filters by the states the platform’s constants number, in the given currency, asking for the constants once per 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    let constantsAsked = 0
    const asked: { state: string | null; currency: string | null }[] = []
    server.use(
      http.get('/api/settings/constants', () => {
        constantsAsked += 1
        return HttpResponse.json({ ...constants, questStates: { ...constants.questStates, issued: 7, active: 8 } })
      }),
      http.get('/api/retention/quests', ({ request }) => {
        const url = new URL(request.url)
        asked.push({ state: url.searchParams.get('state'), currency: url.searchParams.get('currency') })
        return HttpResponse.json({ data: [] })
      }),
    )
    const client = new QueryClient()

    await client.query(questsQueryOptions('BTC'))
    await client.query(questsQueryOptions('USD'))
    expect(asked).toEqual([
      { state: '7,8', currency: 'BTC' },
      { state: '7,8', currency: 'USD' },
    ])
    expect(constantsAsked).toBe(1)

    vi.setSystemTime(Date.now() + 15 * 60_000 + 1)
    await client.invalidateQueries({ queryKey: questsQueryOptions('USD').queryKey })
    await client.query(questsQueryOptions('USD'))
    expect(constantsAsked).toBe(2)
  })
})
