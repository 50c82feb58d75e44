import { PAGE_QUERY_KEYS } from '@/lib/modals'

type SportQueryKey = (typeof PAGE_QUERY_KEYS)[number]

/**
 * The sport query an address may carry (`eventId`, `categoryIds`, `championshipIds`); anything else is
 * dropped (the modal keys are the root's). One id is kept as a number, which the router writes bare
 * (`?eventId=5000029`; as text it would be quoted), a list as text. Kept out of the page's chunk's
 * imports: route search validation runs in the main bundle.
 */
export function validateSportSearch(search: Record<string, unknown>): Partial<Record<SportQueryKey, string | number>> {
  const query: Partial<Record<SportQueryKey, string | number>> = {}
  for (const key of PAGE_QUERY_KEYS) {
    const value = search[key]
    if (typeof value === 'number' || (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value))) query[key] = Number(value)
    else if (typeof value === 'string' && value !== '') query[key] = value
  }
  return query
}

/** The query as text, for the sportsbook's parser. */
export function sportQuery(search: Partial<Record<SportQueryKey, string | number>>): Partial<Record<SportQueryKey, string>> {
  const query: Partial<Record<SportQueryKey, string>> = {}
  for (const key of PAGE_QUERY_KEYS) {
    const value = search[key]
    if (value !== undefined) query[key] = String(value)
  }
  return query
}
