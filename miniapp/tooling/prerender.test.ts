import { readFileSync } from 'node:fs'

import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'

import { MAIN_CLASS } from '../src/components/content-layout'
import { parsePrerendered, PRERENDERED_DATA_ID } from '../src/lib/prerendered'
import { descriptionOf, inlineScripts, jsonForScript, localisedPath, pageDocument } from './prerender'

/** The real shell: the pre-rendered pages are built from it. */
const shell = readFileSync(new URL('../index.html', import.meta.url), 'utf8')

const entry = {
  slug: 'terms',
  locale: 'ru',
  title: 'Правила </script><script>alert(1)</script>',
  body: '## Один\n\nТекст </script><!-- и всё',
}

function page() {
  return pageDocument(shell, {
    locale: 'pt-br',
    title: 'Termos',
    description: 'Os termos',
    content: '<article><h1>Termos</h1><p>Texto</p></article>',
    data: { kind: 'page', locale: 'pt-br', slug: 'terms', entry },
  })
}

function parse(html: string): Document {
  return new JSDOM(html).window.document
}

describe('pageDocument', () => {
  it('puts the content in the layout right after the static header, without the preloader', () => {
    const doc = parse(page())
    const main = doc.querySelector('#root > header + div > main#main')
    expect(main?.className).toBe(MAIN_CLASS)
    expect(main?.querySelector('h1')?.textContent).toBe('Termos')
    expect(doc.getElementById('preloader')).toBeNull()
    expect(doc.documentElement.lang).toBe('pt-BR')
    // The mark index.html's head script reads to send a visitor to the page in their language.
    expect(doc.documentElement.hasAttribute('data-prerendered')).toBe(true)
    expect(parse(shell).documentElement.hasAttribute('data-prerendered')).toBe(false)
    expect(doc.title.startsWith('Termos · ')).toBe(true)
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Os termos')
  })

  it("keeps index.html's inline scripts exactly, so the CSP hashes hold", () => {
    expect(inlineScripts(page())).toEqual(inlineScripts(shell))
    expect(inlineScripts(shell).length).toBeGreaterThan(0)
  })

  it('carries the data in a block no content can break out of', () => {
    const html = page()
    const doc = parse(html)
    const scripts = [...doc.querySelectorAll('script')]
    expect(scripts.some((script) => script.textContent.includes('alert(1)') && script.type !== 'application/json')).toBe(false)
    const block = doc.getElementById(PRERENDERED_DATA_ID)
    expect(block?.getAttribute('type')).toBe('application/json')
    expect(parsePrerendered(block?.textContent ?? '')).toEqual({ kind: 'page', locale: 'pt-br', slug: 'terms', entry })
  })

  it('refuses a shell without the static header', () => {
    expect(() =>
      pageDocument('<!doctype html><title>x</title><div id="root"></div>', {
        locale: 'en',
        title: 't',
        description: 'd',
        content: '',
        data: { kind: 'faq', locale: 'en', entries: [] },
      }),
    ).toThrow(/static shell/)
  })
})

describe('helpers', () => {
  it('escapes what could end a script element', () => {
    expect(jsonForScript({ text: '</script><!--&' })).toBe('{"text":"\\u003c/script\\u003e\\u003c!--\\u0026"}')
  })

  it('prefixes every language but English', () => {
    expect(localisedPath('en', '/static/terms')).toBe('/static/terms')
    expect(localisedPath('pt-br', '/questions')).toBe('/pt-br/questions')
  })

  it('describes a page by its first words, at most 160 characters', () => {
    expect(descriptionOf('## A\n\nb', 'A  \n b')).toBe('A b')
    const long = descriptionOf('', 'word '.repeat(100))
    expect(long.length).toBeLessThanOrEqual(160)
    expect(long.endsWith('…')).toBe(true)
  })
})
