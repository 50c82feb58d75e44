export { countriesQueryOptions, useCountries } from '@/lib/settings/api/get-countries'
export { currenciesQueryOptions, useCurrencies } from '@/lib/settings/api/get-currencies'
export { localesQueryOptions, type OfferedLocale, offeredLocales, useLocales, useOfferedLocales } from '@/lib/settings/api/get-locales'
export type { Country, Currency, Locale } from '@/lib/api-types'
