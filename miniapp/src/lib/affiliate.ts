import { AFFILIATE_TAG_LIFETIME_MS } from '@/config/constants'

/** Where the visitor's affiliate tag is kept (spec: stored value affiliateTag). */
const AFFILIATE_TAG_KEY = 'affiliateTag'

/** The query parameter an affiliate link carries its tag in. */
const AFFILIATE_QUERY_PARAM = 'stag'

interface StoredTag {
  tag: string
  expiresAt: number
}

/** The stored tag, unless its lifetime is over (then it is removed). */
export function storedAffiliateTag(now = Date.now(), storage: Storage = localStorage): string | undefined {
  try {
    const stored = JSON.parse(storage.getItem(AFFILIATE_TAG_KEY) ?? 'null') as Partial<StoredTag> | null
    if (typeof stored?.tag === 'string' && stored.tag !== '' && typeof stored.expiresAt === 'number') {
      if (stored.expiresAt > now) return stored.tag
      storage.removeItem(AFFILIATE_TAG_KEY)
    }
  } catch {
    storage.removeItem(AFFILIATE_TAG_KEY)
  }
  return undefined
}

/**
 * Takes the `stag` of an affiliate link: stored only if no tag is stored yet (the first affiliate keeps
 * the visitor), then removed from the URL. Returns the URL without it, or undefined when there was none.
 */
export function captureAffiliateTag(url: URL, now = Date.now(), storage: Storage = localStorage): URL | undefined {
  if (!url.searchParams.has(AFFILIATE_QUERY_PARAM)) return undefined
  const tag = url.searchParams.get(AFFILIATE_QUERY_PARAM)?.trim().slice(0, 100) ?? ''
  if (tag !== '' && storedAffiliateTag(now, storage) === undefined) {
    const stored: StoredTag = { tag, expiresAt: now + AFFILIATE_TAG_LIFETIME_MS }
    storage.setItem(AFFILIATE_TAG_KEY, JSON.stringify(stored))
  }
  const cleaned = new URL(url)
  cleaned.searchParams.delete(AFFILIATE_QUERY_PARAM)
  return cleaned
}

/** At start-up: stores the link's tag and takes it out of the address bar without a navigation. */
export function captureAffiliateTagFromLocation(win: Window = window): void {
  const cleaned = captureAffiliateTag(new URL(win.location.href))
  if (cleaned) win.history.replaceState(win.history.state, '', `${cleaned.pathname}${cleaned.search}${cleaned.hash}`)
}
