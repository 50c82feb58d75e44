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

export type PrerenderedContent =
  | { kind: 'page'; locale: Locale; slug: string; entry: ContentEntry }
  | { kind: 'faq'; locale: Locale; entries: ContentEntry[] }

const isEntry = (value: unknown): value is ContentEntry => {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return ['slug', 'locale', 'title', 'body'].every((key) => typeof entry[key] === 'string')
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

/** Forgets what was read (tests). */
export function resetPrerenderedContent(): void {
  taken = undefined
}
