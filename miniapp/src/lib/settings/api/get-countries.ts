import { useQuery } from '@tanstack/react-query'

import { settingsQueryOptions } from '@/lib/settings/api/settings-query'
import type { Country } from '@/lib/api-types'

/** Countries a player may pick. */
function countriesQueryOptions() {
  return settingsQueryOptions<Country>('countries')
}

export function useCountries() {
  return useQuery(countriesQueryOptions())
}
