import { AGE_YEAR_DAYS } from '@/config/constants'
import { compareDecimals, parseDecimal } from '@/lib/decimal'
import type { MessageParams, RuleName } from '@/lib/validation/messages'

/** What a rule may look at besides the value: the field's name, the whole form and the clock. */
export interface RuleContext {
  readonly field: string
  readonly values: Readonly<Record<string, unknown>>
  readonly now: Date
}

export interface Rule {
  /** Names the message in the catalogue. */
  readonly name: RuleName
  /** Fills the message's placeholders. */
  readonly params: MessageParams
  readonly test: (value: unknown, context: RuleContext) => boolean
}

function rule(name: RuleName, test: Rule['test'], params: MessageParams = {}): Rule {
  return { name, params, test }
}

/**
 * A rule that only checks values that are there, so an empty optional field passes; `required`
 * decides about presence. (The convention of the spec's validators.)
 */
function optional(name: RuleName, test: Rule['test'], params: MessageParams = {}): Rule {
  return rule(name, (value, context) => isEmpty(value) || test(value, context), params)
}

/** Absent, blank after trimming, an empty list or an invalid Date; `false` and `0` are values. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (value instanceof Date) return Number.isNaN(value.getTime())
  return false
}

/** Strings as they are, finite numbers as their decimal text, nothing else. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function matches(pattern: RegExp): (value: unknown) => boolean {
  return (value) => {
    const string = text(value)
    return string !== undefined && pattern.test(string)
  }
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Characters as a reader counts them: `é` typed as e + accent, or an emoji with modifiers, is one. */
function characterCount(value: string): number {
  return Array.from(graphemes.segment(value)).length
}

function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return characterCount(value)
  if (Array.isArray(value)) return value.length
  return undefined
}

/** A rule's condition: another field that must be filled, or a predicate on the form. */
export type Condition = string | ((context: RuleContext) => boolean)

function holds(condition: Condition, context: RuleContext): boolean {
  return typeof condition === 'string' ? !isEmpty(context.values[condition]) : condition(context)
}

export const required = (): Rule => rule('required', (value) => !isEmpty(value))

export const requiredIf = (condition: Condition): Rule =>
  rule('requiredIf', (value, context) => !holds(condition, context) || !isEmpty(value))

export const requiredUnless = (condition: Condition): Rule =>
  rule('requiredUnless', (value, context) => holds(condition, context) || !isEmpty(value))

export const minLength = (min: number): Rule =>
  optional('minLength', (value) => (lengthOf(value) ?? -1) >= min, { min })

export const maxLength = (max: number): Rule =>
  optional('maxLength', (value) => (lengthOf(value) ?? Infinity) <= max, { max })

/** Compares a numeric value (number or decimal string) with a bound, exactly. */
function compareNumber(value: unknown, bound: number | string): -1 | 0 | 1 | undefined {
  const left = parseDecimal(text(value) ?? '')
  const right = parseDecimal(String(bound))
  return left && right ? compareDecimals(left, right) : undefined
}

export const minValue = (min: number | string): Rule =>
  optional('minValue', (value) => (compareNumber(value, min) ?? -1) >= 0, { min })

export const maxValue = (max: number | string): Rule =>
  optional('maxValue', (value) => (compareNumber(value, max) ?? 1) <= 0, { max })

export const between = (min: number | string, max: number | string): Rule =>
  optional(
    'between',
    (value) => (compareNumber(value, min) ?? -1) >= 0 && (compareNumber(value, max) ?? 1) <= 0,
    { min, max },
  )

const EMAIL_LOCAL = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*$/
const EMAIL_DOMAIN = /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/i

export const email = (): Rule =>
  optional('email', (value) => {
    if (typeof value !== 'string' || value.length > 254) return false
    const at = value.lastIndexOf('@')
    const local = value.slice(0, at)
    return at > 0 && local.length <= 64 && EMAIL_LOCAL.test(local) && EMAIL_DOMAIN.test(value.slice(at + 1))
  })

export const url = (): Rule =>
  optional('url', (value) => {
    if (typeof value !== 'string' || /\s/.test(value) || !URL.canParse(value)) return false
    const { protocol, hostname } = new URL(value)
    return ['http:', 'https:', 'ftp:'].includes(protocol) && (hostname.includes('.') || hostname === 'localhost')
  })

export const integer = (): Rule => optional('integer', matches(/^-?\d+$/))
export const decimal = (): Rule => optional('decimal', matches(/^-?\d*(?:\.\d+)?$/))
export const numeric = (): Rule => optional('numeric', matches(/^\d*(?:\.\d+)?$/))
export const alpha = (): Rule => optional('alpha', matches(/^[\p{L}\p{M}]+$/u))
export const alphaNum = (): Rule => optional('alphaNum', matches(/^[\p{L}\p{M}\p{N}]+$/u))
/** Letters, digits, underscore and hyphen. */
export const alphaDash = (): Rule => optional('alphaDash', matches(/^[\p{L}\p{M}\p{N}_-]+$/u))

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/

/** IPv4 in dotted decimal, or IPv6 (checked by the URL parser's host grammar). */
export const ipAddress = (): Rule =>
  optional('ipAddress', (value) => {
    if (typeof value !== 'string') return false
    if (IPV4.test(value)) return true
    return value.includes(':') && /^[\da-f:.]+$/i.test(value) && URL.canParse(`http://[${value}]/`)
  })

/** Six pairs of hex digits joined by `separator` (`''` for none). */
export const macAddress = (separator = ':'): Rule =>
  optional('macAddress', (value) => {
    if (typeof value !== 'string') return false
    const pairs = separator === '' ? value.match(/.{1,2}/g) ?? [] : value.split(separator)
    return pairs.length === 6 && pairs.every((pair) => /^[\da-f]{2}$/i.test(pair))
  })

/** A copy without `g`/`y`, whose `lastIndex` would make repeated tests alternate. */
function stateless(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
}

export const regex = (pattern: RegExp): Rule => optional('regex', matches(stateless(pattern)), { param: String(pattern) })

export const notRegex = (pattern: RegExp): Rule => {
  const compiled = stateless(pattern)
  return optional('notRegex', (value) => !matches(compiled)(value), { param: String(pattern) })
}

/** Equal to another field's value; `otherLabel` names it in the message. */
export const sameAs = (field: string, otherLabel = field): Rule =>
  rule('sameAs', (value, context) => value === context.values[field], { other: otherLabel, param: otherLabel })

/** Equal to the `{field}_confirmation` field. */
export const confirmed = (): Rule =>
  rule('confirmed', (value, context) => value === context.values[`${context.field}_confirmation`])

export const different = (field: string): Rule =>
  optional('different', (value, context) => value !== context.values[field], { param: field })

const ACCEPTED: readonly unknown[] = [true, 'true', 1, '1', 'yes', 'on']
const DECLINED: readonly unknown[] = [false, 'false', 0, '0', 'no', 'off']

/** A ticked checkbox or a yes; unlike most rules, an empty value fails. */
export const accepted = (): Rule => rule('accepted', (value) => ACCEPTED.includes(value))
export const declined = (): Rule => rule('declined', (value) => DECLINED.includes(value))
export const boolean = (): Rule =>
  optional('boolean', (value) => [true, false, 0, 1, '0', '1', 'true', 'false'].includes(value as never))
export const array = (): Rule => optional('array', (value) => Array.isArray(value))
export const string = (): Rule => optional('string', (value) => typeof value === 'string')

export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** A `YYYY-MM-DD` date of a year from 1000 to 3000 that exists on the calendar. */
function parseCalendarDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < 1000 || year > 3000 || month < 1 || month > 12 || day < 1) return undefined
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth ? { year, month, day } : undefined
}

/** Days since the epoch; calendar arithmetic without time zones. */
function dayNumber({ year, month, day }: CalendarDate): number {
  return Date.UTC(year, month - 1, day) / 86_400_000
}

/** The calendar day of `now` where the player is. */
function today(now: Date): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }
}

export const date = (): Rule => optional('date', (value) => parseCalendarDate(value) !== undefined)

/** A `YYYY-MM-DD` date, or `today`. */
export type DateBound = string

function compareWithDate(name: RuleName, bound: DateBound, accept: (difference: number) => boolean): Rule {
  return optional(
    name,
    (value, context) => {
      const day = parseCalendarDate(value)
      const other = bound === 'today' ? today(context.now) : parseCalendarDate(bound)
      return day !== undefined && other !== undefined && accept(dayNumber(day) - dayNumber(other))
    },
    { param: bound },
  )
}

export const before = (bound: DateBound): Rule => compareWithDate('before', bound, (difference) => difference < 0)
export const beforeOrEqual = (bound: DateBound): Rule =>
  compareWithDate('beforeOrEqual', bound, (difference) => difference <= 0)
export const after = (bound: DateBound): Rule => compareWithDate('after', bound, (difference) => difference > 0)
export const afterOrEqual = (bound: DateBound): Rule =>
  compareWithDate('afterOrEqual', bound, (difference) => difference >= 0)
export const dateEquals = (bound: DateBound): Rule => compareWithDate('dateEquals', bound, (difference) => difference === 0)

export const digits = (length: number): Rule =>
  optional('digits', (value) => /^\d+$/.test(text(value) ?? '') && (text(value) ?? '').length === length, {
    param: length,
  })

export const digitsBetween = (min: number, max: number): Rule =>
  optional(
    'digitsBetween',
    (value) => {
      const string = text(value) ?? ''
      return /^\d+$/.test(string) && string.length >= min && string.length <= max
    },
    { min, max },
  )

/** Whole 365-day years from a birth date to today; undefined for an invalid date. */
export function ageInYears(birthdate: unknown, now: Date): number | undefined {
  const born = parseCalendarDate(birthdate)
  if (!born) return undefined
  return Math.floor((dayNumber(today(now)) - dayNumber(born)) / AGE_YEAR_DAYS)
}

export const minAge = (years: number): Rule =>
  optional('minAge', (value, context) => (ageInYears(value, context.now) ?? -Infinity) >= years, { param: years })

export const maxAge = (years: number): Rule =>
  optional(
    'maxAge',
    (value, context) => {
      const age = ageInYears(value, context.now)
      return age !== undefined && age >= 0 && age <= years
    },
    { param: years },
  )

/** Two uppercase letters (ISO 3166-1 alpha-2). */
export const countryCode = (): Rule => optional('countryCode', matches(/^[A-Z]{2}$/))
/** Two lowercase letters (ISO 639-1). */
export const languageCode = (): Rule => optional('languageCode', matches(/^[a-z]{2}$/))
export const lowercase = (): Rule =>
  optional('lowercase', (value) => typeof value === 'string' && value === value.toLowerCase())
export const uppercase = (): Rule =>
  optional('uppercase', (value) => typeof value === 'string' && value === value.toUpperCase())

/** A Brazilian CPF: 11 digits (dots and a dash allowed), not all equal, with both check digits right. */
function isValidCpf(value: string): boolean {
  if (!/^(?:\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(value)) return false
  const numbers = Array.from(value.replace(/\D/g, ''), Number)
  if (numbers.every((digit) => digit === numbers[0])) return false
  const checkDigit = (length: number) => {
    const sum = numbers.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0)
    return ((sum * 10) % 11) % 10
  }
  return checkDigit(9) === numbers[9] && checkDigit(10) === numbers[10]
}

export const cpfNumber = (): Rule => optional('cpfNumber', (value) => typeof value === 'string' && isValidCpf(value))

/** Exactly two words, each at least `minWordLength` characters. */
export const twoWords = (minWordLength: number): Rule =>
  optional(
    'twoWords',
    (value) => {
      if (typeof value !== 'string') return false
      const words = value.trim().split(/\s+/)
      return words.length === 2 && words.every((word) => characterCount(word) >= minWordLength)
    },
    { param: minWordLength },
  )

export const and = (...rules: readonly Rule[]): Rule =>
  rule('and', (value, context) => rules.every((inner) => inner.test(value, context)))

export const or = (...rules: readonly Rule[]): Rule =>
  rule('or', (value, context) => rules.some((inner) => inner.test(value, context)))

export const not = (inner: Rule): Rule => optional('not', (value, context) => !inner.test(value, context))
