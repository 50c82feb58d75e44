/** Countries never offered in a country picker (spec section 5). */
export const EXCLUDED_COUNTRY_CODES: readonly string[] = ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF']

/** The countries a player may pick, sorted by name in `locale`. */
export function countryOptions<Country extends { code: string; name: string }>(
  countries: readonly Country[],
  locale: string,
): Country[] {
  const collator = new Intl.Collator(locale)
  return countries
    .filter((country) => !EXCLUDED_COUNTRY_CODES.includes(country.code.toUpperCase()))
    .sort((left, right) => collator.compare(left.name, right.name))
}

/** Options whose name contains `query`, ignoring case and accents. */
export function searchCountries<Country extends { name: string }>(
  options: readonly Country[],
  query: string,
  locale: string,
): Country[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale)
  const needle = fold(query.trim())
  return options.filter((option) => fold(option.name).includes(needle))
}
