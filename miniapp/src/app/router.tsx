import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'

import { createRouteRules, type LeaveSite, leaveSiteWithFullLoad } from '@/app/route-rules'
import { isLocaleNeutral, localizePath, requestedLocale, requestLocale, splitLocale } from '@/lib/i18n'
import { routeTree } from '@/routeTree.gen'

/** `leaveSite` is how a route rule's redirect to another site leaves; tests observe it. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, leaveSite: LeaveSite = leaveSiteWithFullLoad) {
  const routeRules = createRouteRules({ queryClient, router: () => router, leaveSite })
  const router = createRouter({
    routeTree,
    context: { queryClient, routeRules },
    ...(history ? { history } : {}),
    // Touching or hovering a link starts its loader, so the next screen is often ready on tap.
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router always asks it instead of caching loader results.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // The optional locale prefix (`/es/…`, `/pt-br/…`; none for English) is the language, not a route: it
    // is read off incoming addresses and put on generated ones, so every route exists with it.
    rewrite: {
      input: ({ url }) => {
        const { locale, path } = splitLocale(url.pathname)
        if (locale !== undefined) requestLocale(locale)
        if (path === url.pathname) return undefined
        url.pathname = path
        return url
      },
      output: ({ url }) => {
        if (isLocaleNeutral(url.pathname)) return undefined
        url.pathname = localizePath(url.pathname, requestedLocale())
        return url
      },
    },
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
