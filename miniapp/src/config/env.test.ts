import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/config/env'

describe('parseEnv', () => {
  it('fills in defaults', () => {
    expect(parseEnv({ MODE: 'production' })).toEqual({
      MODE: 'production',
      VITE_APP_NAME: 'Sandbox Casino',
      VITE_SUPPORT_URL: 'mailto:support@example.com',
    })
  })

  it('fails loudly on a bad value, naming it', () => {
    expect(() => parseEnv({ MODE: 'production', VITE_APP_NAME: '   ' })).toThrow(/VITE_APP_NAME/)
  })
})

describe('parseEnv, more', () => {
  it('keeps a given optional value trimmed, and names every missing or non-text value', () => {
    expect(parseEnv({ MODE: 'production', VITE_BOT_URL: ' https://t.me/casino_bot ' }).VITE_BOT_URL).toBe('https://t.me/casino_bot')
    expect(() => parseEnv({ VITE_SUPPORT_URL: 42 })).toThrow(/MODE: is required\n✖ VITE_SUPPORT_URL: must be text/)
  })
})
