import type { Schemas } from '@/lib/api-types'
import type { Locale } from '@/lib/i18n/locales'

/**
 * The content a pre-rendered page came with. The build pre-renders the static pages and the questions
 * (tooling/prerender.ts) and puts the content it rendered beside the markup, as JSON in this element,
 * so the app's first render of that page has its data at once: no skeleton replaces the text the
 * visitor is reading, and no request waits. The queries still refetch it in the background, since
 * the operator may have changed a text since the build.
 *
 * This module has type imports only: the build's Node script reads it as it is.
 */
export const PRERENDERED_DATA_ID = 'prerendered-content'

type ContentEntry = Schemas['ContentEntry']

/**
 * The markdown the page shows, as the build rendered and sanitized it (src/lib/markdown): the app's
 * first render uses it instead of loading the markdown renderer to make the same HTML again.
 */
interface PrerenderedMarkdown {
  /** The markdown source it was rendered from: a text that has changed since the build is rendered anew. */
  source: string
  html: string
}

export type PrerenderedContent =
  | { kind: 'page'; locale: Locale; slug: string; entry: ContentEntry; rendered?: PrerenderedMarkdown }
  | { kind: 'faq'; locale: Locale; entries: ContentEntry[]; rendered?: PrerenderedMarkdown }

const isEntry = (value: unknown): value is ContentEntry => {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return ['slug', 'locale', 'title', 'body'].every((key) => typeof entry[key] === 'string')
}

const isRendered = (value: unknown): value is PrerenderedMarkdown => {
  if (typeof value !== 'object' || value === null) return false
  const rendered = value as Record<string, unknown>
  return typeof rendered.source === 'string' && typeof rendered.html === 'string'
}

/** Checks the shape (the page could be stale or hand-edited): anything else is no data. */
export function parsePrerendered(text: string): PrerenderedContent | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const data = value as Record<string, unknown>
  if (typeof data.locale !== 'string') return undefined
  // Optional (a page without markdown, or an older build's): the content is still good without it.
  if (data.rendered !== undefined && !isRendered(data.rendered)) return undefined
  if (data.kind === 'page' && typeof data.slug === 'string' && isEntry(data.entry)) return data as PrerenderedContent
  if (data.kind === 'faq' && Array.isArray(data.entries) && data.entries.every(isEntry)) return data as PrerenderedContent
  return undefined
}

let taken: { content: PrerenderedContent | undefined } | undefined

/** The page's pre-rendered content, read once (the element leaves the page then). */
export function prerenderedContent(doc: Document = document): PrerenderedContent | undefined {
  if (!taken) {
    const element = doc.getElementById(PRERENDERED_DATA_ID)
    taken = { content: element?.textContent ? parsePrerendered(element.textContent) : undefined }
    element?.remove()
  }
  return taken.content
}

/**
 * The HTML the build made of `source`, when this page was pre-rendered with exactly that markdown.
 * It came in the same document as the app's own code, made by the same renderer and sanitizer, so it
 * is trusted as that code is; any other markdown (an answer chosen later, a text edited since the
 * build) goes through the renderer.
 */
export function prerenderedMarkdown(source: string, doc: Document = document): string | undefined {
  const rendered = prerenderedContent(doc)?.rendered
  return rendered?.source === source ? rendered.html : undefined
}

/** Forgets what was read (tests). */
export function resetPrerenderedContent(): void {
  taken = undefined
}
