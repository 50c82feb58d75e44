export {
  activateLocale,
  type Catalogue,
  currentLocale,
  LOCALE_ENTRY,
  rememberLocale,
  requestedLocale,
  requestLocale,
  resetI18n,
  storedLocale,
  t,
  useI18n,
} from '@/lib/i18n/i18n'
export {
  DEFAULT_LOCALE,
  isLocale,
  isLocaleNeutral,
  type Locale,
  LOCALE_NAMES,
  LOCALE_TAGS,
  LOCALES,
  localizePath,
  profileLanguage,
  splitLocale,
} from '@/lib/i18n/locales'
export { useSwitchLocale } from '@/lib/i18n/use-switch-locale'
export { isCrawler, startLocale } from '@/lib/i18n/locale-choice'
