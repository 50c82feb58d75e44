import { useQuery } from '@tanstack/react-query'

import { settingsQueryOptions } from '@/lib/settings/api/settings-query'
import type { Locale } from '@/lib/api-types'

/** Locales the product is offered in. */
export function localesQueryOptions() {
  return settingsQueryOptions<Locale>('locales')
}

export function useLocales() {
  return useQuery(localesQueryOptions())
}
