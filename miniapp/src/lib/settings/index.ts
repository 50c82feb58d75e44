export { useCountries } from '@/lib/settings/api/get-countries'
export { useCurrencies } from '@/lib/settings/api/get-currencies'
export { useOfferedLocales } from '@/lib/settings/api/get-locales'
export type { Currency } from '@/lib/api-types'
