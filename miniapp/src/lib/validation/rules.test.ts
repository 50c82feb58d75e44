import { describe, expect, it } from 'vitest'

import * as rules from '@/lib/validation/rules'
import type { Rule, RuleContext } from '@/lib/validation/rules'

const NOW = new Date(2024, 5, 15, 12) // 15 June 2024, local time

function check(rule: Rule, value: unknown, values: Record<string, unknown> = {}, field = 'field'): boolean {
  const context: RuleContext = { field, values, now: NOW }
  return rule.test(value, context)
}

/** Asserts which values pass and which fail, naming the value in a failure. */
function expectRule(rule: Rule, passing: readonly unknown[], failing: readonly unknown[]) {
  for (const value of passing) expect(check(rule, value), `${JSON.stringify(value)} should pass`).toBe(true)
  for (const value of failing) expect(check(rule, value), `${JSON.stringify(value)} should fail`).toBe(false)
}

describe('presence', () => {
  it('required trims strings and treats false and 0 as values', () => {
    expectRule(rules.required(), ['a', ' a ', 0, false, ['x'], new Date()], [undefined, null, '', '   \n', [], new Date('x')])
  })

  it('requiredIf and requiredUnless follow another field or a predicate', () => {
    expect(check(rules.requiredIf('country'), '', { country: 'BR' })).toBe(false)
    expect(check(rules.requiredIf('country'), '', { country: ' ' })).toBe(true)
    expect(check(rules.requiredIf(() => true), 'x')).toBe(true)
    expect(check(rules.requiredUnless('phone'), '', { phone: '+1' })).toBe(true)
    expect(check(rules.requiredUnless('phone'), '', {})).toBe(false)
  })

  it('other rules let an empty value through, so optional fields stay optional', () => {
    for (const rule of [rules.email(), rules.minLength(3), rules.date(), rules.cpfNumber(), rules.integer()]) {
      expect(check(rule, ''), rule.name).toBe(true)
      expect(check(rule, undefined), rule.name).toBe(true)
    }
  })
})

describe('lengths and values', () => {
  it('counts characters as a reader does', () => {
    expectRule(rules.minLength(3), ['abc', 'ação', ['a', 'b', 'c']], ['ab', 'e\u0301e\u0301', ['a'], 123])
    expectRule(rules.maxLength(3), ['abc', '👍🏽👍🏽👍🏽'], ['abcd'])
  })

  it('compares numbers and decimal strings exactly', () => {
    expectRule(rules.minValue(10), [10, '10.00', '11', 1e6], [9, '9.9999999999999999999', 'abc', '-10'])
    expectRule(rules.maxValue('0.5'), ['0.5', 0, -3], ['0.50001', 1])
    expectRule(rules.between(1, 5), [1, '3.5', 5], [0, '5.01', 'x'])
  })

  it('digits and digits_between count digits only', () => {
    expectRule(rules.digits(4), ['1234', 1234], ['123', '12345', '12a4', '-123'])
    expectRule(rules.digitsBetween(2, 4), ['12', '1234'], ['1', '12345', '1.2'])
  })
})

describe('formats', () => {
  it('email', () => {
    expectRule(
      rules.email(),
      ['player@example.com', 'first.last+tag@sub.example.co', "o'brien@mail.ie", 'x@example.xn--p1ai'],
      ['plain', '@example.com', 'a@b', 'a@b.c', 'a..b@example.com', 'a b@example.com', 'a@-example.com', 'a@example.com '],
    )
  })

  it('url', () => {
    expectRule(
      rules.url(),
      ['https://example.com', 'http://sub.example.com:8080/path?q=1#x', 'ftp://files.example.org', 'http://localhost:3000'],
      ['example.com', 'javascript:alert(1)', 'https://exa mple.com', 'https://', 'mailto:a@b.co', 'http://intranet'],
    )
  })

  it('integer, decimal and numeric', () => {
    expectRule(rules.integer(), ['42', '-42', 0, -7], ['4.2', '1e3', '+1', '--1', 4.2])
    expectRule(rules.decimal(), ['1.5', '-1.5', '.5', '10'], ['1.', '1,5', 'abc'])
    expectRule(rules.numeric(), ['1.5', '10', '.5'], ['-1', '1e3', 'x'])
  })

  it('alpha, alphaNum and alpha_dash accept letters of every script', () => {
    expectRule(rules.alpha(), ['abc', 'José', 'Иван'], ['abc1', 'a b', 'a-b'])
    expectRule(rules.alphaNum(), ['abc123', 'Иван2'], ['abc_1', 'a b'])
    expectRule(rules.alphaDash(), ['lucky_player-7', 'игрок'], ['lucky player', 'a.b', 'a@b'])
  })

  it('ip and mac addresses', () => {
    expectRule(
      rules.ipAddress(),
      ['192.168.0.1', '0.0.0.0', '255.255.255.255', '::1', '2001:db8::8a2e:370:7334', '::ffff:10.0.0.1'],
      ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', '2001:db8::g', '::1]:80/x[', 'localhost'],
    )
    expectRule(rules.macAddress(), ['00:1A:2b:3C:4d:5E'], ['00:1A:2b:3C:4d', '00-1A-2b-3C-4d-5E', '00:1A:2b:3C:4d:5G'])
    expectRule(rules.macAddress(''), ['001A2b3C4d5E'], ['001A2b3C4d5'])
  })

  it('regex and not_regex, even with a global pattern', () => {
    const rule = rules.regex(/^\d+$/g)
    expect([check(rule, '12'), check(rule, '12'), check(rule, '1a')]).toEqual([true, true, false])
    expectRule(rules.notRegex(/admin/i), ['player'], ['Admin1'])
  })

  it('country and language codes, lowercase and uppercase', () => {
    expectRule(rules.countryCode(), ['BR', 'DE'], ['br', 'BRA', 'B'])
    expectRule(rules.languageCode(), ['pt', 'en'], ['PT', 'por', 'p'])
    expectRule(rules.lowercase(), ['abc', 'abc1'], ['Abc'])
    expectRule(rules.uppercase(), ['ABC', 'ABC1'], ['ABc'])
  })
})

describe('comparisons with other fields', () => {
  it('sameAs, confirmed and different', () => {
    expect(check(rules.sameAs('password'), 'secret12', { password: 'secret12' })).toBe(true)
    expect(check(rules.sameAs('password'), 'secret13', { password: 'secret12' })).toBe(false)
    expect(rules.sameAs('password', 'Password').params).toMatchObject({ other: 'Password' })
    expect(check(rules.confirmed(), 'pw', { pw_confirmation: 'pw' }, 'pw')).toBe(true)
    expect(check(rules.confirmed(), 'pw', { pw_confirmation: 'px' }, 'pw')).toBe(false)
    expect(check(rules.different('currentPassword'), 'new', { currentPassword: 'old' })).toBe(true)
    expect(check(rules.different('currentPassword'), 'old', { currentPassword: 'old' })).toBe(false)
  })
})

describe('types', () => {
  it('accepted and declined fail when empty', () => {
    expectRule(rules.accepted(), [true, 'yes', 'on', 1, '1', 'true'], [false, undefined, '', 'no', 0])
    expectRule(rules.declined(), [false, 'no', 'off', 0, '0', 'false'], [true, undefined, 'yes'])
  })

  it('boolean, array and string', () => {
    expectRule(rules.boolean(), [true, false, 0, 1, '0', '1'], ['yes', 2])
    expectRule(rules.array(), [['a'], []], ['a', { length: 1 }])
    expectRule(rules.string(), ['a'], [1, true])
  })
})

describe('dates', () => {
  it('date is YYYY-MM-DD in the years 1000 to 3000 on a real calendar day', () => {
    expectRule(
      rules.date(),
      ['2024-02-29', '2000-02-29', '1000-01-01', '3000-12-31', '2023-04-30'],
      ['2023-02-29', '1900-02-29', '2023-04-31', '0999-12-31', '3001-01-01', '2023-13-01', '2023-00-10', '2023-1-01', '2023-01-00', '20230101', 20230101],
    )
  })

  it('before, after, their or-equal variants and date_equals, against a date or today', () => {
    expectRule(rules.before('2024-01-01'), ['2023-12-31'], ['2024-01-01', '2024-01-02', '2023-02-30'])
    expectRule(rules.beforeOrEqual('2024-01-01'), ['2024-01-01', '2023-12-31'], ['2024-01-02'])
    expectRule(rules.after('today'), ['2024-06-16'], ['2024-06-15'])
    expectRule(rules.afterOrEqual('today'), ['2024-06-15'], ['2024-06-14'])
    expectRule(rules.dateEquals('2024-06-15'), ['2024-06-15'], ['2024-06-16'])
    expect(rules.before('2024-01-01').params).toEqual({ param: '2024-01-01' })
  })

  it('minAge counts 365-day years, so leap days make birthdays count a little early', () => {
    const rule = rules.minAge(18)
    // 18 × 365 = 6570 days before 15 June 2024 is 20 June 2006 (the period holds 5 leap days).
    expect(check(rule, '2006-06-20')).toBe(true)
    expect(check(rule, '2006-06-21')).toBe(false)
    // A calendar-year check would refuse this player, who turns 18 on 17 June 2024.
    expect(check(rule, '2006-06-17')).toBe(true)
    expect(check(rule, 'not a date')).toBe(false)
  })

  it('maxAge allows the whole last year and refuses future birth dates', () => {
    const rule = rules.maxAge(100)
    expect(rules.ageInYears('1924-06-15', NOW)).toBe(100)
    expect(check(rule, '1924-06-15')).toBe(true)
    expect(check(rule, '1923-01-01')).toBe(false)
    expect(check(rule, '2030-01-01')).toBe(false)
  })
})

describe('cpf_number', () => {
  it('checks both check digits', () => {
    expectRule(rules.cpfNumber(), ['52998224725', '529.982.247-25', '11144477735', '12345678909'], [
      '52998224724', // second check digit off
      '52998224715', // first check digit off
      '5299822472', // 10 digits
      '529982247250',
      '529.98224725', // half formatted
      '11111111111', // all equal, although its check digits add up
      '00000000000',
      52998224725,
    ])
  })
})

describe('twoWords', () => {
  it('wants exactly two words, each long enough', () => {
    expectRule(rules.twoWords(2), ['Ana Silva', '  Ana   Silva ', 'Jo Li'], ['Ana', 'Ana Maria Silva', 'A Silva', 'Ana S'])
    expect(rules.twoWords(3).params).toEqual({ param: 3 })
  })
})

describe('and, or, not', () => {
  it('combine rules', () => {
    expectRule(rules.and(rules.minLength(2), rules.alpha()), ['ab'], ['a', 'a1'])
    expectRule(rules.or(rules.email(), rules.digits(6)), ['a@example.com', '123456'], ['12345'])
    expectRule(rules.not(rules.alpha()), ['123', ''], ['abc'])
  })
})
