import { addressLocale, DEFAULT_LOCALE, isLocale, type Locale, LOCALES, localizePath } from '@/lib/i18n/locales'

/**
 * The product's locale for a language tag (`ru`, `pt-BR`, `es-419`): the locale named exactly, else the
 * one of the same base language (`pt` is `pt-br`, `es-mx` is `es`); none when the product has no such
 * language.
 */
export function localeForTag(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase().replaceAll('_', '-')
  if (isLocale(wanted)) return wanted
  const base = wanted.split('-')[0]
  return LOCALES.find((locale) => locale.split('-')[0] === base)
}

/** The first of the visitor's languages, in their order of preference, that the product speaks. */
export function bestLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const locale = localeForTag(tag)
    if (locale !== undefined) return locale
  }
  return undefined
}

/** What a start-up knows of the visitor's languages. */
export interface LanguageHints {
  /** The language the visitor chose before (the picker, or an earlier start), if any. */
  stored: Locale | undefined
  telegram: boolean
  /** In Telegram, the player's Telegram language (the launch's `user.language_code`), when it names one. */
  telegramLanguage: string | undefined
  /** The browser's languages (`navigator.languages`). */
  browserLanguages: readonly string[]
  /** Search engines read each address in its own language and are never sent elsewhere. */
  crawler: boolean
}

export interface StartLocale {
  locale: Locale
  /** The address the page is to have instead (the same page with the locale's prefix). */
  redirect?: string
  /** A language taken from the visitor's Telegram or browser, to remember as their choice from now on. */
  remember?: Locale
}

/**
 * The language a start-up shows `pathname` in. A locale prefix in the address decides. An address without
 * one is the default language's (spec section 2), except:
 * - in Telegram, whose launch address is the bot's, not the player's: the player's stored choice, else
 *   their Telegram language, remembered as their choice (the first launch decides);
 * - a browser's first visit (nothing stored) gets the best match of its languages, remembered, so once:
 *   the same page at its prefixed address. Crawlers keep the address they asked for.
 * A language the product does not have is not remembered: a later start may match a new one.
 * Addresses that never carry a prefix are in the stored language.
 */
export function startLocale(pathname: string, hints: LanguageHints): StartLocale {
  const decided = addressLocale(pathname, hints.stored, hints.telegram)
  if (decided !== undefined) return { locale: decided }

  let remember: Locale | undefined
  if (hints.stored === undefined && hints.telegram) remember = localeForTag(hints.telegramLanguage ?? '')
  else if (hints.stored === undefined && !hints.crawler) remember = bestLocale(hints.browserLanguages)
  const wanted = (hints.telegram ? hints.stored : undefined) ?? remember ?? DEFAULT_LOCALE
  return {
    locale: wanted,
    ...(wanted === DEFAULT_LOCALE ? {} : { redirect: localizePath(pathname, wanted) }),
    ...(remember === undefined ? {} : { remember }),
  }
}

/** Search engines and link previews, as their user agents name themselves. */
const CRAWLER = /bot\b|crawl|spider|slurp|mediapartners|facebookexternalhit/i

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent)
}
