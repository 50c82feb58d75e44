import { useNavigate } from '@tanstack/react-router'
import { type MouseEvent, useMemo } from 'react'

import { isExternalAddress, renderMarkdown } from '@/lib/markdown/render'
import { openNativeLink } from '@/lib/native'
import { MARKDOWN_CLASS } from '@/components/content-layout'

/**
 * Content markdown from the platform, rendered safe (`renderMarkdown`). A link within the site moves
 * through the router (no reload); a link elsewhere opens in a new tab, or in Telegram through the host's
 * browser, since a Mini App's web view must not navigate away from the app.
 */
export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source])
  const navigate = useNavigate()

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element).closest('a')
    const href = link?.getAttribute('href')
    if (!href || href.startsWith('#')) return
    if (isExternalAddress(href)) {
      if (openNativeLink(link?.href ?? href)) event.preventDefault()
      return
    }
    event.preventDefault()
    const target = new URL(href, window.location.origin)
    void navigate({ href: `${target.pathname}${target.search}${target.hash}` })
  }

  return (
    // The container only forwards clicks on the links inside it, which are keyboard-reachable themselves
    // (Enter on a focused link is a click).
    <div
      className={MARKDOWN_CLASS}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
