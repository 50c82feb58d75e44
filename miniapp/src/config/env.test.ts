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
