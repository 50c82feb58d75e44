import { useNavigate } from '@tanstack/react-router'
import { type MouseEvent, use, useMemo } from 'react'

import { isExternalAddress } from '@/lib/markdown/addresses'
import { openNativeLink } from '@/lib/native'
import { prerenderedMarkdown } from '@/lib/prerendered'
import { MARKDOWN_CLASS } from '@/components/content-layout'

type Renderer = typeof import('@/lib/markdown/render')

let renderer: Promise<Renderer> | undefined

/**
 * The markdown renderer and its sanitizer (`marked` and DOMPurify), loaded on first need: a page the
 * build pre-rendered shows the build's HTML and never needs them. Building marked's rules and rendering
 * are the longest task of a static page's start-up under Lighthouse's 4× slowdown when they run there
 * (docs/performance.md). Call it as early as a page knows it will render markdown, so the code arrives with the text.
 */
export function loadMarkdownRenderer(): Promise<Renderer> {
  renderer ??= import('@/lib/markdown/render').catch((error: unknown) => {
    // A failed chunk load is retried on the next need instead of failing every page until a reload.
    renderer = undefined
    throw error
  })
  return renderer
}

/**
 * Content markdown from the platform, rendered safe (`renderMarkdown`), or the same markdown as the
 * build rendered it for a pre-rendered page. Suspends while the renderer loads. A link within the site
 * moves through the router (no reload); a link elsewhere opens in a new tab, or in Telegram through the
 * host's browser, since a Mini App's web view must not navigate away from the app.
 */
export function Markdown({ source }: { source: string }) {
  const prerendered = prerenderedMarkdown(source)
  const render = prerendered === undefined ? use(loadMarkdownRenderer()).renderMarkdown : undefined
  const html = useMemo(() => prerendered ?? render?.(source) ?? '', [prerendered, render, source])
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
