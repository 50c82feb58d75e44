import { describe, expect, it } from 'vitest'

import { buildListingParams, hasFilters, listingQuery, NO_FILTERS, parseListingPath } from '@/features/games/listing-path'

describe('the listing path', () => {
  it('reads every kind of segment, in any order, with repeated providers and features', () => {
    expect(parseListingPath('sort-new/provider-playson/category-slots/provider-netent/feature-bonus-buy/collection-popular')).toEqual({
      ok: true,
      filters: {
        category: 'slots',
        collection: 'popular',
        providers: ['netent', 'playson'],
        features: ['bonus-buy'],
        sort: 'new',
      },
    })
  })

  it('reads an empty path, stray slashes and duplicates as the same listing', () => {
    expect(parseListingPath('')).toEqual({ ok: true, filters: NO_FILTERS })
    expect(parseListingPath('/provider-netent//provider-netent/')).toEqual({ ok: true, filters: { providers: ['netent'], features: [] } })
  })

  it('refuses segments it cannot read, naming the first', () => {
    expect(parseListingPath('whatever')).toEqual({ ok: false, segment: 'whatever' })
    expect(parseListingPath('category-poker')).toEqual({ ok: false, segment: 'category-poker' })
    expect(parseListingPath('sort-random')).toEqual({ ok: false, segment: 'sort-random' })
    expect(parseListingPath('category-slots/category-live')).toEqual({ ok: false, segment: 'category-live' })
    expect(parseListingPath('provider-')).toEqual({ ok: false, segment: 'provider-' })
    expect(parseListingPath('provider-Net%20Ent')).toEqual({ ok: false, segment: 'provider-Net Ent' })
    expect(parseListingPath('provider-%E0%A4%A')).toEqual({ ok: false, segment: 'provider-%E0%A4%A' })
    expect(parseListingPath(`provider-${'a'.repeat(65)}`).ok).toBe(false)
    expect(parseListingPath('<script>').ok).toBe(false)
  })

  it('refuses more providers than the platform filters by, and over-long paths', () => {
    const many = Array.from({ length: 21 }, (_, index) => `provider-p${String(index)}`).join('/')
    expect(parseListingPath(many)).toEqual({ ok: false, segment: 'provider-p20' })
    expect(parseListingPath(Array.from({ length: 60 }, () => 'sort-new').join('/')).ok).toBe(false)
  })

  it('builds one canonical path that parses back to the same filters', () => {
    const filters = { category: 'live' as const, providers: ['playson', 'netent', 'netent'], features: ['megaways'], sort: 'name-desc' as const }
    const params = buildListingParams(filters)
    expect(params).toBe('category-live/provider-netent/provider-playson/feature-megaways/sort-name-desc')
    expect(parseListingPath(params)).toEqual({ ok: true, filters: { ...filters, providers: ['netent', 'playson'] } })
    expect(buildListingParams(NO_FILTERS)).toBe('')
    expect(hasFilters(NO_FILTERS)).toBe(false)
    expect(hasFilters({ ...NO_FILTERS, sort: 'new' })).toBe(true)
  })

  it("turns filters into the games call's query", () => {
    expect(listingQuery({ collection: 'new', providers: ['a', 'b'], features: [], sort: 'popular' })).toEqual({
      collection: 'new',
      provider: 'a,b',
      sort: 'popular',
    })
    expect(listingQuery(NO_FILTERS)).toEqual({})
  })
})
