import { queryOptions, useQuery } from '@tanstack/react-query'

import { type RobotCheck, startCaptcha } from '@/features/sportsbook/sportsbook-captcha'
import { ApiError, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { type Locale, localizePath } from '@/lib/i18n'
import { currentDevice } from '@/lib/device'

type Launch = Schemas['Launch']
type PlayRequest = Schemas['PlayRequest']

/** The sportsbook's identity at the platform: `POST /game/games/{id}/play` starts it as it starts a game. */
export const SPORTSBOOK_IDENTITY = 'altenar-sportsbook'

/** Where the spec's start-game params send a player whose profile names no country. */
const DEFAULT_COUNTRY = 'UA'

export interface SportsbookStart {
  /** The account the bets are paid from; the active one. */
  accountId: number | undefined
  /** The profile's country, else the visitor's (spec section 3); the platform still checks games against its CDN's header. */
  countryCode: string | undefined
  locale: Locale
}

/**
 * Starts a sportsbook session (spec section 3, start-game params) and answers the widget's token, which
 * the platform sends in the play answer.
 */
async function startSportsbook(start: SportsbookStart, signal?: AbortSignal, captcha?: string): Promise<string> {
  const body: PlayRequest = {
    ...(captcha === undefined ? {} : { captcha }),
    accountId: start.accountId ?? null,
    lobbyUrl: localizePath('/sport', start.locale),
    locale: start.locale,
    countryCode: start.countryCode ?? DEFAULT_COUNTRY,
    demoMode: false,
    platform: currentDevice().mobile ? 1 : 2,
    provider: 'altenar',
  }
  const launch = await apiRequest<Launch>(`/game/games/${SPORTSBOOK_IDENTITY}/play`, { method: 'POST', body, signal })
  return launch.token
}

/** The widget's token ('' for none) and, for a signed-in player without one, the robot check it waits for. */
export interface SportsbookToken {
  token: string
  robotCheck?: RobotCheck | undefined
}

/**
 * The widget's token: empty for a guest (no profile), else a session of the active account, started with
 * the captcha the start-up carries (`sportsbook-captcha.ts`). A failed fetch is logged and ignored (spec
 * section 8): the widget still shows the book, and a bet attempt asks to sign in again. One token per
 * account and language; a change of either starts a new one.
 */
export function sportsbookTokenQueryOptions({ signedIn, accountId, countryCode, locale }: SportsbookStart & { signedIn: boolean }) {
  return queryOptions({
    queryKey: ['sportsbook', 'token', signedIn, accountId, countryCode, locale],
    queryFn: async ({ signal }): Promise<SportsbookToken> => {
      if (!signedIn) return { token: '' }
      const captcha = await startCaptcha()
      if (captcha === 'needed') return { token: '', robotCheck: 'needed' }
      try {
        return { token: await startSportsbook({ accountId, countryCode, locale }, signal, captcha.token) }
      } catch (error) {
        console.warn('[sportsbook] the token could not be fetched', error)
        const refused = error instanceof ApiError && error.fields?.captcha !== undefined
        return refused && captcha.token !== undefined ? { token: '', robotCheck: 'refused' } : { token: '' }
      }
    },
    // A game session lasts hours; the widget keeps its token until the account or the language changes.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useSportsbookToken(start: SportsbookStart & { signedIn: boolean }, enabled: boolean) {
  return useQuery({ ...sportsbookTokenQueryOptions(start), enabled })
}
