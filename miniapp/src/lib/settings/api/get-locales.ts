import { useQuery } from '@tanstack/react-query'

import { settingsQueryOptions } from '@/lib/settings/api/settings-query'
import type { Locale as PlatformLocale } from '@/lib/api-types'
import { isLocale, type Locale, LOCALE_NAMES, useI18n } from '@/lib/i18n'

/** Locales the product is offered in. */
function localesQueryOptions() {
  return settingsQueryOptions<PlatformLocale>('locales')
}

function useLocales() {
  return useQuery(localesQueryOptions())
}

export interface OfferedLocale {
  code: Locale
  name: string
}

/**
 * The languages a picker offers: the platform's locales, in its order and its names, that the client has a
 * catalogue for. The language on screen is always among them (it is the only one until the list loads).
 */
export function offeredLocales(platform: readonly PlatformLocale[] | undefined, current: Locale): OfferedLocale[] {
  const offered = (platform ?? []).flatMap(({ code, name }) => {
    const locale = code.toLowerCase()
    return isLocale(locale) ? [{ code: locale, name: name || LOCALE_NAMES[locale] }] : []
  })
  return offered.some(({ code }) => code === current) ? offered : [{ code: current, name: LOCALE_NAMES[current] }, ...offered]
}

export function useOfferedLocales(): OfferedLocale[] {
  const { locale } = useI18n()
  const { data } = useLocales()
  return offeredLocales(data, locale)
}
