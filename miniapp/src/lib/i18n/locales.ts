/** The languages of the product; English is the default (spec section 9) and has no path prefix. */
export const LOCALES = ['en', 'ru', 'es', 'pt-br'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language in its own words, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ru: 'Русский',
  es: 'Español',
  'pt-br': 'Português (Brasil)',
}

/** The BCP 47 tag for `<html lang>` and number formatting. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en', ru: 'ru', es: 'es', 'pt-br': 'pt-BR' }

/** Where the visitor's last chosen language is kept, for pages whose address names none. */
export const LOCALE_STORAGE_KEY = 'locale'

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}

/**
 * Paths whose address never carries a locale (spec: the verify, password-reset and questions routes), and
 * those other sites send players back to with a fixed address (social callbacks, auto-login links): they
 * keep the language the visitor already has.
 */
const LOCALE_NEUTRAL = [/^\/password-reset(?:\/|$)/, /^\/verify(?:\/|$)/, /^\/questions(?:\/|$)/, /^\/auth\//, /^\/redirect(?:\/|$)/]

export function isLocaleNeutral(path: string): boolean {
  return LOCALE_NEUTRAL.some((pattern) => pattern.test(path))
}

/** A locale prefix segment: two lowercase letters, or two letters, a dash and two letters (spec section 2). */
const PREFIX = /^\/([a-z]{2}(?:-[a-z]{2})?)(?=\/|$)/

/** The locale a path names and the path without it; undefined locale when it names none. */
export function splitLocale(pathname: string): { locale: Locale | undefined; path: string } {
  const match = PREFIX.exec(pathname)
  const segment = match?.[1]
  if (segment === undefined || !isLocale(segment)) {
    return { locale: isLocaleNeutral(pathname) ? undefined : DEFAULT_LOCALE, path: pathname }
  }
  return { locale: segment, path: pathname.slice(segment.length + 1) || '/' }
}

/**
 * The language an address shows without asking the visitor's languages: its locale prefix; the stored
 * language on addresses that never carry one; English on one without a prefix that a browser visitor,
 * who has been here before (a stored choice), asked for. Undefined: the visitor's languages decide
 * (`locale-choice.ts`): in Telegram, and on a browser's first visit.
 */
export function addressLocale(pathname: string, stored: Locale | undefined, telegram: boolean): Locale | undefined {
  const { locale, path } = splitLocale(pathname)
  if (locale === undefined) return stored ?? DEFAULT_LOCALE
  if (path !== pathname) return locale
  return telegram || stored === undefined ? undefined : DEFAULT_LOCALE
}

/** The profile's `language` (two letters) and `locale` for a locale the player uses. */
export function profileLanguage(locale: Locale): { language: string; locale: Locale } {
  return { language: locale.split('-')[0] ?? locale, locale }
}

/** `path` as the address of `locale`: a lowercase prefix for other languages, none for the default. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || isLocaleNeutral(path)) return path
  return path === '/' ? `/${locale}/` : `/${locale}${path}`
}
