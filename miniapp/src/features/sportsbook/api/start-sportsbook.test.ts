import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { SPORTSBOOK_IDENTITY, sportsbookTokenQueryOptions } from '@/features/sportsbook/api/start-sportsbook'
import { provideRobotToken, resetRobotToken } from '@/features/sportsbook/sportsbook-captcha'
import type { Schemas } from '@/lib/api-types'
import { resetDevice } from '@/lib/device'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** The `platform` of one sportsbook start, on this browser. */
async function startedPlatform(): Promise<number | null | undefined> {
  storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
  let platform: number | null | undefined
  server.use(
    http.post(`/api/game/games/${SPORTSBOOK_IDENTITY}/play`, async ({ request }) => {
      platform = ((await request.json()) as Schemas['PlayRequest']).platform
      return HttpResponse.json({ url: '', token: 'sportsbook-token' } satisfies Schemas['Launch'])
    }),
  )
  provideRobotToken('sandbox.pass.v2.a')
  const token = await new QueryClient().query(sportsbookTokenQueryOptions({ signedIn: true, accountId: 1, countryCode: 'DE', locale: 'en' }))
  expect(token.token).toBe('sportsbook-token')
  return platform
}

afterEach(() => {
  vi.restoreAllMocks()
  resetDevice()
  resetRobotToken()
  window.innerWidth = 1024
})

describe('the sportsbook start', () => {
  it('says platform 1 on a mobile device, a tablet too, however wide its window', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPAD)
    window.innerWidth = 1180
    expect(await startedPlatform()).toBe(1)
  })

  it('says platform 2 on a desktop', async () => {
    window.innerWidth = 1280
    expect(await startedPlatform()).toBe(2)
  })
})
