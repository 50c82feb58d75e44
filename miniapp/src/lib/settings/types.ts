export type CurrencyType = 'fiat' | 'crypto'

export interface SubCurrency {
  code: string
  subunitToUnit: number
}

export interface Currency {
  code: string
  type: CurrencyType
  symbol: string
  subunitToUnit: number
  /** The value of one unit in the base currency, as an exact decimal string. */
  rate: { rate: string }
  subCurrencies: SubCurrency[]
  isEnabled: boolean
  isBase: boolean
}

export interface Locale {
  code: string
  localeCode: string
  name: string
  isDefault: boolean
}

export interface Country {
  code: string
  name: string
  locale: string
}
