import { describe, expect, it } from 'vitest'

import { AFFILIATE_TAG_LIFETIME_MS } from '@/config/constants'
import { captureAffiliateTag, storedAffiliateTag } from '@/lib/affiliate'

describe('the affiliate tag', () => {
  it('stores the tag of the link and removes it from the URL, keeping the rest', () => {
    const cleaned = captureAffiliateTag(new URL('https://casino.test/games?stag=summer_01&sign-up=true#top'), 1000)

    expect(cleaned?.href).toBe('https://casino.test/games?sign-up=true#top')
    expect(storedAffiliateTag(1000)).toBe('summer_01')
  })

  it('keeps the first tag while it lives, then takes a new one', () => {
    captureAffiliateTag(new URL('https://casino.test/?stag=first'), 0)
    expect(captureAffiliateTag(new URL('https://casino.test/?stag=second'), 1000)?.search).toBe('')
    expect(storedAffiliateTag(1000)).toBe('first')

    const later = AFFILIATE_TAG_LIFETIME_MS + 1
    expect(storedAffiliateTag(later)).toBeUndefined()
    captureAffiliateTag(new URL('https://casino.test/?stag=second'), later)
    expect(storedAffiliateTag(later)).toBe('second')
  })

  it('leaves a URL without a tag alone', () => {
    expect(captureAffiliateTag(new URL('https://casino.test/?page=2'))).toBeUndefined()
    expect(storedAffiliateTag()).toBeUndefined()
  })
})
