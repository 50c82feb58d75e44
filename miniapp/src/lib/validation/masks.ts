/** Mask tokens: `#` a digit, `@` a letter, `*` a letter or digit; any other mask character is literal. */
const TOKENS: Readonly<Record<string, RegExp>> = {
  '#': /^\p{Nd}$/u,
  '@': /^\p{L}$/u,
  '*': /^[\p{L}\p{Nd}]$/u,
}

/**
 * Fits typed text into `mask`: characters a token refuses are dropped, literals are inserted (and a
 * typed literal at its place is consumed), and the result stops where the input runs out.
 */
export function applyMask(input: string, mask: string): string {
  const characters = Array.from(input)
  let index = 0
  let result = ''
  for (const symbol of mask) {
    if (index >= characters.length) break
    const token = TOKENS[symbol]
    if (!token) {
      result += symbol
      if (characters[index] === symbol) index += 1
      continue
    }
    while (index < characters.length && !token.test(characters[index] ?? '')) index += 1
    const accepted = characters[index]
    if (accepted === undefined) break
    result += accepted
    index += 1
  }
  return result
}

/** The characters of a masked value that stand at token positions: what was typed, without literals. */
export function unmask(masked: string, mask: string): string {
  const maskSymbols = Array.from(mask)
  return Array.from(masked).filter((character, position) => {
    const token = TOKENS[maskSymbols[position] ?? '']
    return token?.test(character) ?? false
  }).join('')
}

export interface NumberMaskOptions {
  locale: string
  /** Digits kept after the decimal separator; further digits are cut off, never rounded. */
  fractionDigits: number
  /** Refuses a minus sign. */
  unsigned?: boolean
}

export interface MaskedNumber {
  /** What the input shows: locale grouping and decimal separator. */
  display: string
  /** The canonical decimal string (`-1234.5`), or `''` while no digit is typed. */
  value: string
}

interface Separators {
  group: string
  decimal: string
}

const separatorsByLocale = new Map<string, Separators>()

function separators(locale: string): Separators {
  let found = separatorsByLocale.get(locale)
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    }
    separatorsByLocale.set(locale, found)
  }
  return found
}

/** Formats typed text as a number of `locale` while the player types, truncating extra fraction digits. */
export function maskNumber(input: string, options: NumberMaskOptions): MaskedNumber {
  const { group, decimal } = separators(options.locale)
  const negative = !options.unsigned && /^\s*[-\u2212]/.test(input)
  // The locale's decimal separator; a `.` also counts where it is not the grouping character.
  const decimalAt = [decimal, ...(group === '.' ? [] : ['.'])]
    .map((separator) => input.indexOf(separator))
    .filter((position) => position >= 0)
    .reduce((first, position) => Math.min(first, position), Infinity)
  const hasFraction = options.fractionDigits > 0 && decimalAt !== Infinity
  const wholeDigits = (decimalAt === Infinity ? input : input.slice(0, decimalAt)).replace(/\D/g, '')
  const fraction = hasFraction ? input.slice(decimalAt + 1).replace(/\D/g, '').slice(0, options.fractionDigits) : ''
  const whole = wholeDigits.replace(/^0+(?=\d)/, '')
  const sign = negative ? '-' : ''

  if (whole === '' && !hasFraction) return { display: sign, value: '' }
  const wholeOrZero = whole === '' ? '0' : whole
  const grouped = new Intl.NumberFormat(options.locale, { maximumFractionDigits: 0 }).format(BigInt(wholeOrZero))
  return {
    display: `${sign}${grouped}${hasFraction ? `${decimal}${fraction}` : ''}`,
    value: `${sign}${wholeOrZero}${fraction ? `.${fraction}` : ''}`,
  }
}

/** What a masked input keeps from what was typed or pasted: the characters the mask's tokens accept. */
export function maskedInput(typed: string, mask: string): string {
  return unmask(applyMask(typed, mask), mask)
}

/** The Brazilian taxpayer number (CPF) as it is written: 000.000.000-00. */
export const CPF_MASK = '###.###.###-##'

/** An identity document's number: letters and digits, up to 20. */
export const PERSONAL_ID_MASK = '*'.repeat(20)

/** Postal codes of the countries whose shape is fixed; elsewhere letters and digits, up to 10. */
const POSTAL_CODE_MASKS: Readonly<Record<string, string>> = {
  BR: '#####-###',
  PT: '####-###',
  PL: '##-###',
  JP: '###-####',
  DE: '#####',
  ES: '#####',
  IT: '#####',
  MX: '#####',
  UA: '#####',
}

/** The postal code mask of a country (its code, any case). */
export function postalCodeMask(country: string): string {
  return POSTAL_CODE_MASKS[country.toUpperCase()] ?? '*'.repeat(10)
}
