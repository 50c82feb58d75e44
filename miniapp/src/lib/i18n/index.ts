export {
  activateLocale,
  type Catalogue,
  currentLocale,
  preferredLocale,
  requestedLocale,
  requestLocale,
  resetI18n,
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
  splitLocale,
} from '@/lib/i18n/locales'
export { useSwitchLocale } from '@/lib/i18n/use-switch-locale'
