import { useQuery } from '@tanstack/react-query'

import { settingsQueryOptions } from '@/lib/settings/api/settings-query'
import type { Currency } from '@/lib/api-types'

/** Currencies players may see. */
function currenciesQueryOptions() {
  return settingsQueryOptions<Currency>('currencies', { visible: 1 })
}

export function useCurrencies() {
  return useQuery(currenciesQueryOptions())
}
