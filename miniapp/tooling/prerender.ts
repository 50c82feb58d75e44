/**
 * Pre-renders the operator's static pages and questions into the build, for web visitors: search
 * engines read the text, and a visitor's first paint is the page itself instead of the shell waiting
 * for the route's code, the content call and the markdown renderer (docs/performance.md).
 *
 *   node tooling/prerender.ts --api https://platform.example/api [--dist dist]
 *   (or PRERENDER_API_URL; `npm run prerender -- --api …`)
 *
 * The content lives in the platform, not in this repository, so this runs once the build exists and
 * the platform answers: in a deployment's build pipeline against the operator's platform; locally the
 * e2e and perf set-ups and `make run` run it against the sandbox they start. For every language and
 * every page it writes `dist/prerendered/<address>.html`: `index.html` itself (the same inline scripts,
 * so the Content-Security-Policy's hashes still hold) with the page's title and description, the
 * article in the content area laid out with the app's own class names (src/components/content-layout.ts),
 * no start-up preloader over it, and the content as JSON (`#prerendered-content`) that the app's first
 * render takes as its data (src/lib/prerendered.ts), so nothing is fetched or moved to show it, with the
 * article's markdown as rendered here, so the app does not load the markdown renderer to make it again.
 * The edges serve that file for the address and `index.html` elsewhere (stack/src/edge.rs,
 * deploy/nginx.conf). Markdown goes through the app's own renderer and sanitizer (src/lib/markdown).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'

import { JSDOM } from 'jsdom'

import * as layout from '../src/components/content-layout.ts'
import type { Schemas } from '../src/lib/api-types.ts'
import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale } from '../src/lib/i18n/locales.ts'
import { PRERENDERED_DATA_ID, type PrerenderedContent } from '../src/lib/prerendered.ts'

/** The folder of the pre-rendered pages inside the build; the edges look there. */
export const PRERENDERED_DIR = 'prerendered'
const DESCRIPTION_LENGTH = 160
const FETCH_TIMEOUT_MS = 15_000

type ContentEntry = Schemas['ContentEntry']

type Translate = (english: string) => string
type RenderMarkdown = (source: string) => string

/** An address in a language: English has no prefix (spec section 9), the others their code. */
export function localisedPath(locale: Locale, pathname: string): string {
  return locale === DEFAULT_LOCALE ? pathname : `/${locale}${pathname}`
}

/** The text of `<script type="application/json">`: no `</script>` or comment can end it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/** The first words of a markdown text as a one-line description. */
export function descriptionOf(markdown: string, renderedText: string): string {
  const text = renderedText.replace(/\s+/g, ' ').trim() || markdown.replace(/[#*_`>[\]()-]/g, ' ').replace(/\s+/g, ' ').trim()
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
}

/** The inline scripts of a document (not data blocks): the pre-rendered page must keep them exactly. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes) && !/type\s*=\s*"application\/json"/i.test(attributes))
    .map(([, , body = '']) => body)
}

interface PageParts {
  locale: Locale
  title: string
  description: string
  /** The markup of `<main>`'s content. */
  content: string
  data: PrerenderedContent
}

/**
 * `index.html` as the page of `parts`: title, description and language set, the content in the
 * layout's `<main>` right after the shell's header, the preloader gone, the data beside it.
 */
export function pageDocument(shell: string, parts: PageParts): string {
  const dom = new JSDOM(shell)
  const { document } = dom.window
  document.documentElement.lang = LOCALE_TAGS[parts.locale]
  // index.html's head script sends a visitor who chose another language to that language's page.
  document.documentElement.setAttribute('data-prerendered', '')
  document.title = `${parts.title} · ${document.title}`
  const description = document.createElement('meta')
  description.name = 'description'
  description.content = parts.description
  document.head.querySelector('title')?.after(description)

  const root = document.getElementById('root')
  const header = root?.querySelector(':scope > header')
  if (!root || !header) throw new Error('prerender: index.html has no #root > header (the static shell) to put the page after')
  const column = document.createElement('div')
  column.className = `${layout.PAGE_COLUMN_CLASS} ${layout.PAGE_COLUMN_DRAWER_CLASS.expanded}`
  column.innerHTML = `<main id="main" class="${layout.MAIN_CLASS}">${parts.content}</main>`
  header.after(column)
  // The page is here already: no brand mark over it while the app starts.
  document.getElementById('preloader')?.remove()

  const data = document.createElement('script')
  data.type = 'application/json'
  data.id = PRERENDERED_DATA_ID
  data.textContent = jsonForScript(parts.data)
  document.body.append(data)

  const html = dom.serialize()
  const before = inlineScripts(shell)
  const after = inlineScripts(html)
  if (before.length !== after.length || before.some((script, index) => script !== after[index])) {
    throw new Error("prerender: the page's inline scripts differ from index.html's, so the CSP hashes would not hold")
  }
  return html
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function article(title: string, html: string, headingLevel: 1 | 2): string {
  return `<article class="${layout.ARTICLE_CLASS}"><h${String(headingLevel)} class="${layout.ARTICLE_TITLE_CLASS[headingLevel]}">${escapeHtml(title)}</h${String(headingLevel)}><div class="${layout.MARKDOWN_CLASS}">${html}</div></article>`
}

/** The questions' list with `chosen`'s answer (its markdown already rendered) or the hint to choose one. */
function questionsLayout(locale: Locale, entries: ContentEntry[], chosen: { entry: ContentEntry; html: string } | undefined, t: Translate): string {
  const links = entries
    .map((entry) => {
      const current = entry.slug === chosen?.entry.slug ? ' aria-current="page"' : ''
      const href = localisedPath(locale, `/questions/${encodeURIComponent(entry.slug)}`)
      return `<li><a href="${escapeHtml(href)}" class="${layout.QUESTION_LINK_CLASS}"${current}>${escapeHtml(entry.title)}</a></li>`
    })
    .join('')
  const answer = chosen
    ? article(chosen.entry.title, chosen.html, 2)
    : `<p class="${layout.NO_QUESTION_CHOSEN_CLASS}">${escapeHtml(t('Choose a question to see its answer.'))}</p>`
  return `<div class="${layout.QUESTIONS_LAYOUT_CLASS}"><nav aria-label="${escapeHtml(t('Questions'))}" class="${layout.QUESTIONS_NAV_CLASS}"><h1 class="${layout.ARTICLE_TITLE_CLASS[1]}">${escapeHtml(t('Questions and answers'))}</h1><ul class="${layout.QUESTIONS_LIST_CLASS}">${links}</ul></nav><div class="${layout.QUESTION_ANSWER_CLASS}">${answer}</div></div>`
}

async function getJson<T>(api: string, pathname: string, locale: Locale): Promise<T> {
  const url = `${api.replace(/\/$/, '')}${pathname}?locale=${encodeURIComponent(locale)}`
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
  if (!response.ok) throw new Error(`prerender: GET ${url} answered ${String(response.status)}`)
  return (await response.json()) as T
}

async function translator(locale: Locale): Promise<Translate> {
  if (locale === 'en') return (english) => english
  const catalogue = ((await import(`../src/lib/i18n/catalogues/${locale}.ts`)) as { default: Record<string, string> }).default
  return (english) => catalogue[english] ?? english
}

/**
 * The app's markdown renderer, with a DOM for its sanitizer. DOMPurify binds to the `window` it finds
 * when first loaded, and without one it would hand HTML back unsanitized: so the window comes first,
 * and a payload that must not survive is checked before any page is written.
 */
async function markdownRenderer(): Promise<RenderMarkdown> {
  const { window } = new JSDOM('', { url: 'https://prerender.invalid/' })
  Object.assign(globalThis, { window, document: window.document })
  const { renderMarkdown } = await import('../src/lib/markdown/render.ts')
  const probe = renderMarkdown('<img src=x onerror=alert(1)>[x](javascript:alert(1))')
  if (/onerror|javascript:/i.test(probe)) throw new Error('prerender: the markdown sanitizer is not working in this process')
  return renderMarkdown
}

function textOf(html: string): string {
  return JSDOM.fragment(`<div>${html}</div>`).textContent
}

/** Writes every page's file (and its brotli and gzip variants) under `dist/prerendered/`. */
export async function prerender({ api, dist }: { api: string; dist: string }): Promise<string[]> {
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8')
  const render = await markdownRenderer()
  const out = path.join(dist, PRERENDERED_DIR)
  await rm(out, { recursive: true, force: true })
  const written: string[] = []
  const write = async (address: string, html: string) => {
    const file = path.join(out, `${address}.html`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, html)
    await writeFile(`${file}.br`, await promisify(brotliCompress)(html))
    await writeFile(`${file}.gz`, await promisify(gzip)(html, { level: 9 }))
    written.push(address)
  }

  for (const locale of LOCALES) {
    const t = await translator(locale)
    const pages = await getJson<{ data: { slug: string }[] }>(api, '/content/pages', locale)
    for (const { slug } of pages.data) {
      const entry = await getJson<ContentEntry>(api, `/content/pages/${encodeURIComponent(slug)}`, locale)
      const html = render(entry.body)
      await write(
        localisedPath(locale, `/static/${slug}`),
        pageDocument(shell, {
          locale,
          title: entry.title,
          description: descriptionOf(entry.body, textOf(html)),
          content: article(entry.title, html, 1),
          data: { kind: 'page', locale, slug, entry, rendered: { source: entry.body, html } },
        }),
      )
    }
    const faq = await getJson<{ data: ContentEntry[] }>(api, '/content/faq', locale)
    await write(
      localisedPath(locale, '/questions'),
      pageDocument(shell, {
        locale,
        title: t('Questions and answers'),
        description: descriptionOf(faq.data.map((entry) => entry.title).join('. '), ''),
        content: questionsLayout(locale, faq.data, undefined, t),
        data: { kind: 'faq', locale, entries: faq.data },
      }),
    )
    for (const entry of faq.data) {
      const html = render(entry.body)
      await write(
        localisedPath(locale, `/questions/${entry.slug}`),
        pageDocument(shell, {
          locale,
          title: entry.title,
          description: descriptionOf(entry.body, textOf(html)),
          content: questionsLayout(locale, faq.data, { entry, html }, t),
          data: { kind: 'faq', locale, entries: faq.data, rendered: { source: entry.body, html } },
        }),
      )
    }
  }
  return written
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? undefined : process.argv[index + 1]
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const api = argument('api') ?? process.env.PRERENDER_API_URL
  const dist = path.resolve(argument('dist') ?? fileURLToPath(new URL('../dist', import.meta.url)))
  if (!api) {
    console.error('prerender: give the platform API address: --api https://platform.example/api (or PRERENDER_API_URL)')
    process.exit(2)
  }
  const started = Date.now()
  prerender({ api, dist }).then(
    (written) => {
      console.log(`prerender: ${String(written.length)} pages in ${String(Date.now() - started)} ms under ${path.join(dist, PRERENDERED_DIR)}`)
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
