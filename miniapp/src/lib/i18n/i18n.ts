import { useSyncExternalStore } from 'react'

import { type DurableEntry, keepDurably } from '@/lib/durable-storage'
import { DEFAULT_LOCALE, type Locale, LOCALE_STORAGE_KEY, LOCALE_TAGS, isLocale } from '@/lib/i18n/locales'

/**
 * Translations keyed by the English text. English needs no catalogue: its texts are the keys, so the
 * default language costs nothing to load; each other language is its own lazily loaded chunk.
 */
export type Catalogue = Readonly<Record<string, string>>

export type TranslationParams = Readonly<Record<string, string | number>>

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  ru: () => import('@/lib/i18n/catalogues/ru'),
  es: () => import('@/lib/i18n/catalogues/es'),
  'pt-br': () => import('@/lib/i18n/catalogues/pt-br'),
}

interface I18nState {
  locale: Locale
  messages: Catalogue
}

let state: I18nState = { locale: DEFAULT_LOCALE, messages: {} }
/** The locale asked for last; it may still be loading. Generated paths use it. */
let requested: Locale = DEFAULT_LOCALE
const listeners = new Set<() => void>()

function catalogueFor(locale: Locale): Promise<Catalogue> {
  return locale === 'en' ? Promise.resolve({}) : loaders[locale]().then((module) => module.default)
}

/** Loads `locale`'s catalogue and makes it current (the document's language too). */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale
  const messages = await catalogueFor(locale)
  // A later request won the race.
  if (requested !== locale) return
  state = { locale, messages }
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[locale]
  for (const listener of listeners) listener()
}

/** Switches to `locale` when it is not already current or on its way; failures are logged, English stays. */
export function requestLocale(locale: Locale): void {
  if (locale === requested) return
  activateLocale(locale).catch((error: unknown) => {
    console.error(`[i18n] the ${locale} catalogue did not load`, error)
  })
}

export function requestedLocale(): Locale {
  return requested
}

export function currentLocale(): Locale {
  return state.locale
}

/** In Telegram the player's language outlives a wiped web storage. */
export const LOCALE_ENTRY: DurableEntry = { key: LOCALE_STORAGE_KEY, area: 'local', store: 'device' }

/** The language the visitor chose last, if any. */
export function storedLocale(storage: Storage = localStorage): Locale | undefined {
  const stored = storage.getItem(LOCALE_STORAGE_KEY)
  return stored !== null && isLocale(stored) ? stored : undefined
}

export function rememberLocale(locale: Locale, storage: Storage = localStorage): void {
  storage.setItem(LOCALE_STORAGE_KEY, locale)
  keepDurably(LOCALE_ENTRY, locale)
}

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
function fill(template: string, params: TranslationParams | undefined): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name]
    return value === undefined ? placeholder : String(value)
  })
}

/** `source` (the English text) in the current language, placeholders filled. */
export function t(source: string, params?: TranslationParams): string {
  return fill(state.messages[source] ?? source, params)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function snapshot(): I18nState {
  return state
}

/**
 * The current language and its `t`; a component using it renders again when the language changes.
 * `t` is a new function per language, so it can be an effect or memo dependency.
 */
export function useI18n(): { locale: Locale; t: typeof t } {
  const current = useSyncExternalStore(subscribe, snapshot)
  return { locale: current.locale, t: translatorFor(current) }
}

const translators = new WeakMap<I18nState, typeof t>()
function translatorFor(current: I18nState): typeof t {
  let translator = translators.get(current)
  if (!translator) {
    translator = (source, params) => fill(current.messages[source] ?? source, params)
    translators.set(current, translator)
  }
  return translator
}

/** Tests: back to English, synchronously. */
export function resetI18n(): void {
  state = { locale: DEFAULT_LOCALE, messages: {} }
  requested = DEFAULT_LOCALE
  for (const listener of listeners) listener()
}
