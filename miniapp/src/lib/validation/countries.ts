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
