import { queryOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** What to do on a navigation to a path: a redirect to follow, the named guards to run. */
export type RouteRule = Schemas['RouteRule']

/** The platform lets caches keep an answer this long: rules change rarely and every navigation asks. */
const ROUTE_RULE_STALE_MS = 5 * 60 * 1000

/**
 * The rule of a page path (without the locale prefix). Public: the answer is the same for guests and
 * players, and a navigation must not wait for a token refresh or end a session on a 401.
 */
function getRouteRule(path: string, signal?: AbortSignal): Promise<RouteRule> {
  return apiRequest<RouteRule>('/content/route-rules', { query: { path }, signal, auth: 'none' })
}

export function routeRuleQueryOptions(path: string) {
  return queryOptions({
    queryKey: ['content', 'route-rules', path],
    queryFn: ({ signal }) => getRouteRule(path, signal),
    staleTime: ROUTE_RULE_STALE_MS,
  })
}
