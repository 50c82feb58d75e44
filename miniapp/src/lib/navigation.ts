/** Protocols a link may never navigate to (they run code or read local data). */
const DANGEROUS_PROTOCOLS = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']

export interface NavigationTarget {
  /** A path of this site (`/…`), or a full http(s) address elsewhere. */
  href: string
  external: boolean
}

/**
 * Where a redirect may go: a path of this site, or an http(s) address (external, a full page load).
 * Undefined for nothing, a malformed address or a dangerous protocol.
 */
export function redirectTarget(to: string | undefined, origin: string): NavigationTarget | undefined {
  if (to === undefined || to.trim() === '') return undefined
  let url: URL
  try {
    url = new URL(to.trim(), origin)
  } catch {
    return undefined
  }
  if (DANGEROUS_PROTOCOLS.includes(url.protocol) || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined
  if (url.origin === origin) return { href: `${url.pathname}${url.search}${url.hash}`, external: false }
  return { href: url.href, external: true }
}
