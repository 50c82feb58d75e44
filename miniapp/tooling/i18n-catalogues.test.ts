import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { translatedTexts } from './i18n-keys'
import es from '../src/lib/i18n/catalogues/es'
import ptBr from '../src/lib/i18n/catalogues/pt-br'
import ru from '../src/lib/i18n/catalogues/ru'
import { defaultMessages } from '../src/lib/validation/messages'

const sourceDir = fileURLToPath(new URL('../src', import.meta.url))
const texts = [...new Set([...translatedTexts(sourceDir), ...Object.values(defaultMessages)])].sort()
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe.each([
  ['ru', ru],
  ['es', es],
  ['pt-br', ptBr],
])('the %s catalogue', (_locale, catalogue: Readonly<Record<string, string>>) => {
  it('translates every text the app shows, and nothing else', () => {
    expect(texts.length).toBeGreaterThan(100)
    expect(texts.filter((text) => !(text in catalogue))).toEqual([])
    expect(Object.keys(catalogue).filter((text) => !texts.includes(text))).toEqual([])
  })

  it('keeps the placeholders of each text', () => {
    const broken = Object.entries(catalogue).filter(([source, translated]) => placeholders(source).join() !== placeholders(translated).join())
    expect(broken).toEqual([])
  })
})
