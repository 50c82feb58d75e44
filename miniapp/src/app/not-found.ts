import { notFound } from '@tanstack/react-router'

import { t } from '@/lib/i18n'

/**
 * What a not-found page carries: why, and the path. The message is worded when the page renders, so it
 * is in the page's language even when the language's catalogue arrives after the navigation.
 */
interface NotFoundData {
  reason: 'no-match' | 'validation'
  path: string
}

/** No route matches the path (spec section 8: "Page not found: {path}"). */
export function pageNotFound(path: string) {
  return notFound({ data: { reason: 'no-match', path } satisfies NotFoundData })
}

/** A route matched but its validation hook refused the path (spec section 2: "Page Not Found: {path}"). */
export function routeValidationFailed(path: string) {
  return notFound({ data: { reason: 'validation', path } satisfies NotFoundData })
}

/** The spec's message of a not-found page, shown under the error page's text for support. */
export function notFoundMessage(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('reason' in data) || !('path' in data)) return undefined
  const { reason, path } = data
  if (typeof path !== 'string') return undefined
  if (reason === 'no-match') return t('Page not found: {path}', { path })
  if (reason === 'validation') return t('Page Not Found: {path}', { path })
  return undefined
}
