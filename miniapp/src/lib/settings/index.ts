export { countriesQueryOptions, getCountries, useCountries } from '@/lib/settings/api/get-countries'
export { currenciesQueryOptions, getCurrencies, useCurrencies } from '@/lib/settings/api/get-currencies'
export { getLocales, localesQueryOptions, useLocales } from '@/lib/settings/api/get-locales'
export type { Country, Currency, CurrencyType, Locale, SubCurrency } from '@/lib/settings/types'
