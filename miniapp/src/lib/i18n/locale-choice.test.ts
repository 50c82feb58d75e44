import { describe, expect, it } from 'vitest'

import { bestLocale, isCrawler, type LanguageHints, localeForTag, startLocale } from '@/lib/i18n/locale-choice'
import { profileLanguage } from '@/lib/i18n/locales'

const browser: LanguageHints = { stored: undefined, telegram: false, telegramLanguage: undefined, browserLanguages: [], crawler: false }
const telegram: LanguageHints = { ...browser, telegram: true }

describe('language tags', () => {
  it("names the product's locale exactly, else by the base language, else none", () => {
    expect(localeForTag('ru')).toBe('ru')
    expect(localeForTag('pt-BR')).toBe('pt-br')
    expect(localeForTag('pt')).toBe('pt-br')
    expect(localeForTag('es-MX')).toBe('es')
    expect(localeForTag('en-GB')).toBe('en')
    expect(localeForTag('de')).toBeUndefined()
    expect(localeForTag('')).toBeUndefined()
  })

  it("takes the browser's languages in its order of preference", () => {
    expect(bestLocale(['de-DE', 'es-ES', 'ru'])).toBe('es')
    expect(bestLocale(['pt-PT', 'es'])).toBe('pt-br')
    expect(bestLocale(['de', 'fr'])).toBeUndefined()
  })

  it('gives the profile two letters of language and the locale', () => {
    expect(profileLanguage('pt-br')).toEqual({ language: 'pt', locale: 'pt-br' })
    expect(profileLanguage('ru')).toEqual({ language: 'ru', locale: 'ru' })
  })
})

describe('the language a start-up shows', () => {
  it("opens a Telegram player's first launch in their Telegram language and remembers it", () => {
    expect(startLocale('/', { ...telegram, telegramLanguage: 'ru' })).toEqual({ locale: 'ru', redirect: '/ru/', remember: 'ru' })
    expect(startLocale('/wallet', { ...telegram, telegramLanguage: 'pt-br' })).toEqual({ locale: 'pt-br', redirect: '/pt-br/wallet', remember: 'pt-br' })
    expect(startLocale('/', { ...telegram, telegramLanguage: 'en' })).toEqual({ locale: 'en', remember: 'en' })
  })

  it("keeps a Telegram player's own choice over their Telegram language, for good", () => {
    expect(startLocale('/', { ...telegram, stored: 'es', telegramLanguage: 'ru' })).toEqual({ locale: 'es', redirect: '/es/' })
    expect(startLocale('/', { ...telegram, stored: 'en', telegramLanguage: 'ru' })).toEqual({ locale: 'en' })
  })

  it('does not remember a Telegram language the product lacks, so a later launch may match', () => {
    expect(startLocale('/', { ...telegram, telegramLanguage: 'de' })).toEqual({ locale: 'en' })
  })

  it("sends a browser's first visit to the best match of its languages, once", () => {
    expect(startLocale('/games', { ...browser, browserLanguages: ['es-ES', 'en'] })).toEqual({ locale: 'es', redirect: '/es/games', remember: 'es' })
    expect(startLocale('/', { ...browser, browserLanguages: ['en-US'] })).toEqual({ locale: 'en', remember: 'en' })
    // A stored choice means the visitor has been here: the address decides.
    expect(startLocale('/games', { ...browser, stored: 'es', browserLanguages: ['es-ES'] })).toEqual({ locale: 'en' })
  })

  it('leaves crawlers on the address they asked for', () => {
    expect(startLocale('/games', { ...browser, crawler: true, browserLanguages: ['es-ES'] })).toEqual({ locale: 'en' })
  })

  it('lets a locale in the address decide, in Telegram too', () => {
    expect(startLocale('/es/games', { ...browser, browserLanguages: ['ru'] })).toEqual({ locale: 'es' })
    expect(startLocale('/pt-br/', { ...telegram, stored: 'ru', telegramLanguage: 'ru' })).toEqual({ locale: 'pt-br' })
  })

  it('shows addresses that never carry a locale in the stored language', () => {
    expect(startLocale('/password-reset/abc', { ...browser, stored: 'ru', browserLanguages: ['es'] })).toEqual({ locale: 'ru' })
    expect(startLocale('/password-reset/abc', { ...browser, browserLanguages: ['es'] })).toEqual({ locale: 'en' })
  })
})

describe('crawlers', () => {
  it('are told by their user agents', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true)
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true)
    expect(isCrawler('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(false)
  })
})
