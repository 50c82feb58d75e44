import { afterEach, describe, expect, it } from 'vitest'

import { parsePrerendered, PRERENDERED_DATA_ID, prerenderedContent, prerenderedMarkdown, resetPrerenderedContent } from '@/lib/prerendered'

const entry = { slug: 'faq-1', locale: 'es', title: 'Pregunta', body: 'Respuesta' }

afterEach(() => {
  document.getElementById(PRERENDERED_DATA_ID)?.remove()
  resetPrerenderedContent()
})

function addBlock(text: string) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = PRERENDERED_DATA_ID
  block.textContent = text
  document.body.append(block)
}

describe('parsePrerendered', () => {
  it('takes a page or the questions of a language', () => {
    expect(parsePrerendered(JSON.stringify({ kind: 'page', locale: 'es', slug: 'faq-1', entry }))).toEqual({
      kind: 'page',
      locale: 'es',
      slug: 'faq-1',
      entry,
    })
    expect(parsePrerendered(JSON.stringify({ kind: 'faq', locale: 'es', entries: [entry] }))?.kind).toBe('faq')
  })

  it.each([
    'not json',
    'null',
    '{"kind":"page","locale":"es","slug":"x"}',
    '{"kind":"page","locale":"es","slug":"x","entry":{"slug":"x","title":"t"}}',
    '{"kind":"faq","locale":"es","entries":[{"slug":1}]}',
    '{"kind":"other","locale":"es"}',
    '{"kind":"faq","locale":"es","entries":[],"rendered":{"source":"x"}}',
    '{"kind":"faq","locale":"es","entries":[],"rendered":"<p>x</p>"}',
  ])('refuses %s', (text) => {
    expect(parsePrerendered(text)).toBeUndefined()
  })
})

describe('prerenderedContent', () => {
  it('reads the block once and takes it off the page', () => {
    addBlock(JSON.stringify({ kind: 'faq', locale: 'es', entries: [entry] }))
    expect(prerenderedContent()).toEqual({ kind: 'faq', locale: 'es', entries: [entry] })
    expect(document.getElementById(PRERENDERED_DATA_ID)).toBeNull()
    expect(prerenderedContent()?.kind).toBe('faq')
  })

  it('is nothing on a page that was not pre-rendered', () => {
    expect(prerenderedContent()).toBeUndefined()
  })
})

describe('prerenderedMarkdown', () => {
  it("is the build's HTML for exactly the markdown it was rendered from", () => {
    addBlock(JSON.stringify({ kind: 'page', locale: 'es', slug: 'faq-1', entry, rendered: { source: 'Respuesta', html: '<p>Respuesta</p>' } }))
    expect(prerenderedMarkdown('Respuesta')).toBe('<p>Respuesta</p>')
    expect(prerenderedMarkdown('Respuesta ')).toBeUndefined()
    expect(prerenderedMarkdown('Otra')).toBeUndefined()
  })

  it('is nothing for a page pre-rendered without it, or not pre-rendered', () => {
    expect(prerenderedMarkdown('Respuesta')).toBeUndefined()
    resetPrerenderedContent()
    addBlock(JSON.stringify({ kind: 'faq', locale: 'es', entries: [entry] }))
    expect(prerenderedMarkdown('Respuesta')).toBeUndefined()
  })
})
