import { PAGE_QUERY_KEYS } from '@/lib/modals'

/**
 * The sport query an address may carry (`eventId`, `categoryIds`, `championshipIds`), as text for the
 * sportsbook's parser; anything else is dropped (the modal keys are the root's). Kept out of the page's
 * chunk's imports: route search validation runs in the main bundle.
 */
export function validateSportSearch(search: Record<string, unknown>): Partial<Record<(typeof PAGE_QUERY_KEYS)[number], string>> {
  const query: Partial<Record<(typeof PAGE_QUERY_KEYS)[number], string>> = {}
  for (const key of PAGE_QUERY_KEYS) {
    const value = search[key]
    if (typeof value === 'string' && value !== '') query[key] = value
    else if (typeof value === 'number') query[key] = String(value)
  }
  return query
}
