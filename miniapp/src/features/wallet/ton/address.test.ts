import { describe, expect, it } from 'vitest'

import { bounceableTonAddress, friendlyTonAddress, parseTonAddress } from './address'

// The same account in each form, as TON's reference library (@ton/core) writes it.
const RAW = `0:${'ab'.repeat(32)}`
const BOUNCEABLE = 'EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk'
const NON_BOUNCEABLE = 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh'
const TEST_ONLY = 'kQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq36u'

describe('TON addresses', () => {
  it('writes the bounceable user-friendly form from any form', () => {
    expect(bounceableTonAddress(RAW)).toBe(BOUNCEABLE)
    expect(bounceableTonAddress(NON_BOUNCEABLE)).toBe(BOUNCEABLE)
    expect(bounceableTonAddress(` ${BOUNCEABLE} `)).toBe(BOUNCEABLE)
    expect(bounceableTonAddress(RAW, true)).toBe(TEST_ONLY)
  })

  it('writes the non-bounceable form when asked', () => {
    const parsed = parseTonAddress(RAW)
    expect(parsed && friendlyTonAddress(parsed, { bounceable: false })).toBe(NON_BOUNCEABLE)
  })

  it('reads the masterchain and the test-only flag', () => {
    expect(parseTonAddress(`-1:${'00'.repeat(32)}`)?.workchain).toBe(-1)
    expect(parseTonAddress(TEST_ONLY)?.hash).toEqual(parseTonAddress(RAW)?.hash)
  })

  it('refuses a changed character (checksum), a wrong length and other text', () => {
    expect(parseTonAddress(`${BOUNCEABLE.slice(0, 10)}A${BOUNCEABLE.slice(11)}`)).toBeUndefined()
    expect(parseTonAddress(BOUNCEABLE.slice(1))).toBeUndefined()
    expect(parseTonAddress(`0:${'ab'.repeat(31)}`)).toBeUndefined()
    expect(bounceableTonAddress('not an address')).toBeUndefined()
  })
})
