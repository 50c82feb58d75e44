/**
 * The sportsbook's culture for an app language (spec section 9): es-MX becomes es-ES, en-US becomes
 * en-GB, and anything the widget does not speak falls back to en-GB. The app's own languages map to
 * the widget's regional cultures.
 */
const CULTURES: Record<string, string> = {
  en: 'en-GB',
  'en-us': 'en-GB',
  'en-gb': 'en-GB',
  ru: 'ru-RU',
  'ru-ru': 'ru-RU',
  es: 'es-ES',
  'es-mx': 'es-ES',
  'es-es': 'es-ES',
  pt: 'pt-BR',
  'pt-br': 'pt-BR',
}

const DEFAULT_CULTURE = 'en-GB'

export function sportsbookCulture(languageTag: string): string {
  return CULTURES[languageTag.trim().toLowerCase()] ?? DEFAULT_CULTURE
}
