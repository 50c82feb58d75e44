import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { parseSportCatalogue } from './sport-catalogue'
import { sportCatalogue } from './sport-catalogue-plugin'

const defaultFile = fileURLToPath(new URL('../sport-catalogue.json', import.meta.url))

describe('the sport catalogue file', () => {
  it('by default holds the spec’s sports with every image, e-sports as 145', () => {
    const sports = parseSportCatalogue(readFileSync(defaultFile, 'utf8'), 'default')
    expect(sports.map(({ id, code }) => [id, code])).toEqual([
      [66, 'soccer'],
      [67, 'basketball'],
      [68, 'tennis'],
      [69, 'volleyball'],
      [70, 'ice-hockey'],
      [71, 'boxing'],
      [145, 'esports'],
    ])
    for (const sport of sports) {
      expect(Object.keys(sport.images).sort(), sport.code).toEqual(['cardBackground', 'cardImage', 'widgetBackground'])
    }
  })

  it('takes an operator’s entries, images optional', () => {
    const text = JSON.stringify([
      { id: 72, name: 'Handball', code: 'handball', images: { cardImage: 'https://cdn.example.com/handball.png' } },
      { id: 73, name: 'Rugby', code: 'rugby-union' },
    ])
    expect(parseSportCatalogue(text, 'operator.json')).toEqual([
      { id: 72, name: 'Handball', code: 'handball', images: { cardImage: 'https://cdn.example.com/handball.png' } },
      { id: 73, name: 'Rugby', code: 'rugby-union', images: {} },
    ])
  })

  it('refuses a bad file, naming every problem', () => {
    expect(() => parseSportCatalogue('{', 'x.json')).toThrow(/x\.json is not JSON/)
    expect(() => parseSportCatalogue('[]', 'x.json')).toThrow(/non-empty JSON array/)
    const text = JSON.stringify([
      { id: 66, name: 'Soccer', code: 'soccer' },
      { id: 66, name: 'Again', code: 'Soccer Two' },
      { id: 1.5, name: '', code: 'live' },
      { id: 90, name: 'E', code: 'esports' },
      { id: 91, name: 'Darts', code: 'darts', images: { cardImage: 'javascript:alert(1)', logo: '/x.png', cardBackground: '//evil.example/x.png' } },
      { id: 92, name: 'Golf', code: 'soccer', icon: 'x' },
    ])
    let message = ''
    try {
      parseSportCatalogue(text, 'x.json')
    } catch (error) {
      message = (error as Error).message
    }
    expect(message.split('\n').slice(1)).toEqual([
      '- entry 1: id 66 appears twice',
      '- entry 1: code must be a lowercase hyphenated slug',
      '- entry 2: id must be a positive whole number',
      '- entry 2: name must be 1 to 80 characters',
      '- entry 2: code live is a special page of the sportsbook',
      '- entry 3: code esports is a special page of the sportsbook',
      '- entry 4: cardImage must be a path of the site or an https address',
      '- entry 4: unknown image logo',
      '- entry 4: cardBackground must be a path of the site or an https address',
      '- entry 5: unknown field icon',
      '- entry 5: code soccer appears twice',
    ])
  })

  it('is the build’s module, read from the file the build setting names', () => {
    const plugin = sportCatalogue('sport-catalogue.json', fileURLToPath(new URL('..', import.meta.url)))
    const resolveId = plugin.resolveId as (id: string) => string | undefined
    const load = plugin.load as (this: { addWatchFile: (file: string) => void }, id: string) => string | undefined
    const id = resolveId('virtual:sport-catalogue')
    expect(id).toBeDefined()
    const code = load.call({ addWatchFile: () => undefined }, id ?? '')
    expect(code).toMatch(/^export default \[\{"id":66,"name":"Soccer","code":"soccer"/)
    const missing = sportCatalogue('no-such-file.json', '/tmp')
    expect(() => (missing.load as typeof load).call({ addWatchFile: () => undefined }, id ?? '')).toThrow(/could not be read/)
  })
})
