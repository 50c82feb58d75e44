import type { QueryClient } from '@tanstack/react-query'
import { defaultParseSearch, redirect } from '@tanstack/react-router'

import { guarded } from '@/app/route-guards'
import { ROUTE_RESOLVE_WAIT_MS } from '@/config/constants'
import { type RouteRule, routeRuleQueryOptions } from '@/lib/routing/api/get-route-rule'
import { redirectTarget } from '@/lib/navigation'

/** Leaves the app for another site with a full page load; tests pass their own. */
export type LeaveSite = (href: string) => void

/** `replace`: the page that sent the player away is not worth a Back step that would send them away again. */
export const leaveSiteWithFullLoad: LeaveSite = (href) => {
  window.location.replace(href)
}

/** What the rules need of the app's router. */
export interface RulesRouter {
  state: { location: { pathname: string }; resolvedLocation?: { pathname: string } | undefined }
  invalidate: () => Promise<void>
}

/** A navigation as the root route's `beforeLoad` sees it; `pathname` has no locale prefix (the input rewrite took it). */
interface RuleNavigation {
  pathname: string
  search: Record<string, unknown>
  preload: boolean
  /** Aborted when the navigation is superseded. */
  signal: AbortSignal
}

export interface RouteRules {
  /** Resolves to go on with the navigation; throws a redirect, or an error for the error page. */
  check: (navigation: RuleNavigation) => Promise<void>
}

const TIMED_OUT = Symbol('route rule timed out')

/**
 * The route-rule lookup of every navigation to a different path (spec section 2, "Page rules"): the rule
 * may redirect (a full page load for another site) and may name guards, run through `ROUTE_GUARDS`. A
 * navigation waits for the answer up to "Route resolve wait" (100 ms); a later answer is applied when it
 * arrives if the player is still on that path, by checking the page again.
 */
export function createRouteRules({
  queryClient,
  router,
  leaveSite,
}: {
  queryClient: QueryClient
  router: () => RulesRouter
  leaveSite: LeaveSite
}): RouteRules {
  // The path whose rule arrived late: its next check runs although the path has not changed.
  let lateRulePath: string | undefined

  async function lookUp(path: string): Promise<RouteRule | undefined> {
    try {
      return await queryClient.query(routeRuleQueryOptions(path))
    } catch (error) {
      // Fail open: a platform without the lookup (404), a 5xx or no network must not take every page of
      // the site down with it. Nothing is exposed meanwhile: the rules move old addresses, and what a
      // guarded page shows comes from calls the platform refuses without a session.
      console.warn('[route-rules] lookup failed; going on without rules', { path, error })
      return undefined
    }
  }

  function applyLate(path: string, rule: RouteRule | undefined): void {
    if (!rule || (rule.redirect === null && rule.middleware.length === 0)) return
    if (router().state.location.pathname !== path) return
    lateRulePath = path
    void router().invalidate()
  }

  async function follow(rule: RouteRule, navigation: RuleNavigation): Promise<void> {
    // A target the client may not follow (another scheme) is ignored, like no redirect.
    const target = rule.redirect && redirectTarget(rule.redirect.to, window.location.origin)
    if (target?.external) {
      leaveSite(target.href)
      // The page being left stays as it is until the other site loads, instead of drawing the page
      // the rule sends the player away from.
      if (!navigation.signal.aborted) {
        await new Promise((resolve) => {
          navigation.signal.addEventListener('abort', resolve, { once: true })
        })
      }
      return
    }
    // A rule that sends a page to itself would loop until the router gives up: the page is shown instead.
    const url = target ? new URL(target.href, window.location.origin) : undefined
    if (url && url.pathname !== navigation.pathname) {
      // Built from `to` (not `href`), so the router's output rewrite puts the locale prefix back.
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
      throw redirect({ to: url.pathname, search: defaultParseSearch(url.search), hash: url.hash.slice(1), replace: true })
    }
    guarded(...rule.middleware)({ location: { pathname: navigation.pathname, search: navigation.search } })
  }

  return {
    async check(navigation) {
      const { pathname } = navigation
      if (navigation.preload) {
        // Hovering or touching a link warms the rule, so the tap that follows does not wait for it; a
        // failed warm-up is looked up again by the navigation itself.
        queryClient.query(routeRuleQueryOptions(pathname)).catch(() => undefined)
        return
      }
      if (pathname === router().state.resolvedLocation?.pathname && lateRulePath !== pathname) return
      lateRulePath = undefined

      const answer = lookUp(pathname)
      let timer: ReturnType<typeof setTimeout> | undefined
      const rule = await Promise.race([
        answer,
        new Promise<typeof TIMED_OUT>((resolve) => {
          timer = setTimeout(() => {
            resolve(TIMED_OUT)
          }, ROUTE_RESOLVE_WAIT_MS)
        }),
      ])
      clearTimeout(timer)
      if (rule === TIMED_OUT) {
        void answer.then((late) => {
          applyLate(pathname, late)
        })
        return
      }
      if (rule) await follow(rule, navigation)
    },
  }
}
