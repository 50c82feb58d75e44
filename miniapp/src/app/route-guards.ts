import { redirect } from '@tanstack/react-router'

import { detectLaunch, messengerSignInPending } from '@/lib/launch'
import { readStoredToken } from '@/lib/session'
import { modalSearch } from '@/lib/modals'

/** What a guard sees of the navigation. */
export interface GuardContext {
  location: { pathname: string; search?: Record<string, unknown> }
}

type Guard = (context: GuardContext) => void

/**
 * The named route guards (spec section 2: "a named guard auth exists"). `auth` lets a player with a
 * session through (a stored token: the session may still be restoring, and a refused token signs the
 * player out anyway), and a Telegram launch whose sign-in is under way (the page waits for it, see
 * `SignedInOnly`); a guest goes to the home page with the sign-in modal.
 */
const ROUTE_GUARDS: Record<string, Guard> = {
  auth: ({ location }) => {
    if (readStoredToken() !== undefined || messengerSignInPending(detectLaunch(window))) return
    // Already on the home page with sign-in open (where the guard sends guests): going there again
    // would loop, when an operator guards the home page itself.
    if (location.pathname === '/' && location.search?.['sign-in'] !== undefined) return
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
    throw redirect({ to: '/', search: modalSearch('sign-in') })
  },
}

/**
 * A guard name no guard answers to: a misconfigured route or route rule (spec section 8). The error page
 * shows its message, so whoever the player asks for help sees what is wrong.
 */
export class UnknownRouteMiddlewareError extends Error {
  constructor() {
    super('Unknown route middleware')
    this.name = 'UnknownRouteMiddlewareError'
  }
}

/** A route's `beforeLoad` that runs the named guards in order; an unknown name is a programming error. */
export function guarded(...names: string[]): (context: GuardContext) => void {
  return (context) => {
    for (const name of names) {
      const guard = ROUTE_GUARDS[name]
      if (!guard) throw new UnknownRouteMiddlewareError()
      guard(context)
    }
  }
}
