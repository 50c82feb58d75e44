/**
 * The game listing's address: `/games/{params}`, a free multi-segment path (spec section 2) that
 * carries the listing's filters, so a filtered listing is a link anyone can share or reload.
 *
 * Each segment is `{kind}-{value}`: `category-slots`, `collection-popular`, `provider-netent` (one
 * segment per provider), `feature-bonus-buy` (one per feature) and `sort-new`. The spec leaves the
 * segments' shape open ("filters or categories"); this one reads well and needs no query, which URL
 * modals replace. Parsing is strict: a segment it cannot read makes the whole path unknown, shown as
 * an empty state with a way back; identities it can read but the catalogue lacks are the platform's
 * to refuse (400 `unknown_*`).
 */

export const GAME_CATEGORIES = ['slots', 'live', 'table', 'crash'] as const
export type GameCategory = (typeof GAME_CATEGORIES)[number]

export const GAME_SORTS = ['popular', 'new', 'name', 'name-desc'] as const
export type GameSort = (typeof GAME_SORTS)[number]

/** As many providers or features as the platform filters by at once. */
const MAX_FILTER_VALUES = 20

/** Longer paths are not ours: no real listing needs more segments. */
const MAX_SEGMENTS = 2 + 2 * MAX_FILTER_VALUES + 1

/** A catalogue identity: lowercase letters and digits in dash-separated words. */
const IDENTITY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MAX_IDENTITY_LENGTH = 64

export interface ListingFilters {
  category?: GameCategory
  collection?: string
  /** Sorted and without duplicates, so one listing has one address. */
  providers: string[]
  features: string[]
  sort?: GameSort
}

export const NO_FILTERS: ListingFilters = { providers: [], features: [] }

export type ParsedListing = { ok: true; filters: ListingFilters } | { ok: false; segment: string }

function isIdentity(value: string): boolean {
  return value.length <= MAX_IDENTITY_LENGTH && IDENTITY.test(value)
}

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value)
}

/** Reads the part of the path after `/games/` (the router's splat). */
export function parseListingPath(params: string): ParsedListing {
  const segments = params.split('/').filter((segment) => segment !== '')
  if (segments.length > MAX_SEGMENTS) return { ok: false, segment: segments[MAX_SEGMENTS] ?? '' }
  let category: GameCategory | undefined
  let collection: string | undefined
  let sort: GameSort | undefined
  const providers = new Set<string>()
  const features = new Set<string>()

  for (const raw of segments) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return { ok: false, segment: raw }
    }
    const dash = segment.indexOf('-')
    const kind = dash < 0 ? segment : segment.slice(0, dash)
    const value = dash < 0 ? '' : segment.slice(dash + 1)
    const refuse = { ok: false, segment } as const
    switch (kind) {
      case 'category':
        if (category !== undefined || !oneOf(GAME_CATEGORIES, value)) return refuse
        category = value
        break
      case 'collection':
        if (collection !== undefined || !isIdentity(value)) return refuse
        collection = value
        break
      case 'sort':
        if (sort !== undefined || !oneOf(GAME_SORTS, value)) return refuse
        sort = value
        break
      case 'provider':
        if (!isIdentity(value) || providers.size >= MAX_FILTER_VALUES) return refuse
        providers.add(value)
        break
      case 'feature':
        if (!isIdentity(value) || features.size >= MAX_FILTER_VALUES) return refuse
        features.add(value)
        break
      default:
        return refuse
    }
  }
  return {
    ok: true,
    filters: {
      ...(category ? { category } : {}),
      ...(collection ? { collection } : {}),
      providers: [...providers].sort(),
      features: [...features].sort(),
      ...(sort ? { sort } : {}),
    },
  }
}

/** The splat of a listing (`category-slots/provider-netent`), in one canonical order; '' for none. */
export function buildListingParams(filters: ListingFilters): string {
  const segments: string[] = []
  if (filters.category) segments.push(`category-${filters.category}`)
  if (filters.collection) segments.push(`collection-${filters.collection}`)
  for (const provider of [...new Set(filters.providers)].sort()) segments.push(`provider-${provider}`)
  for (const feature of [...new Set(filters.features)].sort()) segments.push(`feature-${feature}`)
  if (filters.sort) segments.push(`sort-${filters.sort}`)
  return segments.join('/')
}

/** Whether a listing filters anything (an unfiltered listing is the whole catalogue). */
export function hasFilters(filters: ListingFilters): boolean {
  return buildListingParams(filters) !== ''
}

/** The `GET /game/games` query of a listing's filters. */
export function listingQuery(filters: ListingFilters): Record<string, string> {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.collection ? { collection: filters.collection } : {}),
    ...(filters.providers.length > 0 ? { provider: filters.providers.join(',') } : {}),
    ...(filters.features.length > 0 ? { feature: filters.features.join(',') } : {}),
    ...(filters.sort ? { sort: filters.sort } : {}),
  }
}
