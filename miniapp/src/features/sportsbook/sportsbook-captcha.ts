import { type CaptchaSettings, captchaSettings, invisibleCaptchaToken } from '@/lib/captcha'

/**
 * The captcha of the sportsbook's start-up (spec section 4: "two captcha variants exist, a visible
 * widget (v2) and an invisible enterprise token").
 *
 * Decision: the captcha guards the one call that turns a signed-in player into a bettor, the sportsbook's
 * `POST /game/games/{id}/play`. Its answer, the widget's session token, places bets from the wallet for
 * hours with no further step, so this is where an operator tells a person from a script; the platform
 * checks the token there when it has a captcha provider (`CAPTCHA_PROVIDER`) and refuses the start with
 * 422 on `captcha` otherwise. The app's one captcha setting (`VITE_CAPTCHA`) picks the variant:
 * - `enterprise`: the invisible token (action `frontend_form`) is taken at every start, unseen: what a
 *   production operator runs, as it costs the player nothing.
 * - `v2`: a checkbox cannot be ticked by the home page's carousels or at every visit, so the widget
 *   starts as a guest's would (it shows the book, the odds move) and the sport page shows the robot check
 *   beside it (`SportsbookRobotCheck`); its tick starts the session and the widget is given its token. A
 *   v2 token is good for one check: a new start (another account, language) asks for a new tick.
 * - `off`: nothing is asked.
 * Guests start no session, so they are never asked.
 */

/** Why a signed-in player's widget has no token yet: the v2 box is to be ticked, or its tick was refused. */
export type RobotCheck = 'needed' | 'refused'

/** The v2 tick the sport page took, for the next start, which spends it. */
let ticked: string | undefined

export function provideRobotToken(token: string): void {
  ticked = token === '' ? undefined : token
}

/** Forgets a tick (tests). */
export function resetRobotToken(): void {
  ticked = undefined
}

/**
 * The captcha token a start sends: `{ token }` (none when no captcha is configured, or the invisible check
 * did not answer: the platform then says what is missing), or `'needed'` when the v2 box is still to be ticked.
 */
export async function startCaptcha(settings: CaptchaSettings = captchaSettings()): Promise<{ token?: string } | 'needed'> {
  if (settings.kind === 'enterprise') {
    const token = await invisibleCaptchaToken(settings)
    return typeof token === 'string' ? { token } : {}
  }
  if (settings.kind !== 'v2') return {}
  const token = ticked
  ticked = undefined
  return token === undefined ? 'needed' : { token }
}
