import { describe, expect, it } from 'vitest'

import { hasStartParamQuery } from '@/lib/start-param-keys'

describe('hasStartParamQuery', () => {
  it('finds a start parameter given in either of its query names', () => {
    expect(hasStartParamQuery('?startapp=wallet')).toBe(true)
    expect(hasStartParamQuery('?stag=x&tgWebAppStartParam=game_1')).toBe(true)
  })

  it('ignores addresses without one, and a name with no value', () => {
    expect(hasStartParamQuery('')).toBe(false)
    expect(hasStartParamQuery('?ref_id=7')).toBe(false)
    expect(hasStartParamQuery('?startapp')).toBe(false)
    expect(hasStartParamQuery('?xstartapp=wallet')).toBe(false)
  })
})
