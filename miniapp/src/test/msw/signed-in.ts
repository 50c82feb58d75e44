import { http, HttpResponse } from 'msw'

/** What the platform answers a player's call without a session: 401, as `CurrentPlayer` refuses it. */
export function withSession(answer: () => Response): Parameters<typeof http.get>[1] {
  return ({ request }) =>
    request.headers.get('Authorization')?.startsWith('Bearer ')
      ? answer()
      : HttpResponse.json({ code: 'unauthorized', message: 'Sign in first.' }, { status: 401 })
}
