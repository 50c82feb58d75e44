import { describe, expect, it } from 'vitest'

import { heldRefValue, parseHeldRef } from '@/features/bonuses/held-ref'

describe('bonus modal values', () => {
  it('round-trip', () => {
    for (const ref of [
      { kind: 'bonus', id: 12 },
      { kind: 'freespin', id: 3, action: 'cancel' },
      { kind: 'bonus', id: 7, action: 'activate', reason: 'another_bonus_active' },
    ] as const) {
      expect(parseHeldRef(heldRefValue(ref))).toEqual(ref)
    }
  })

  it('refuse anything else', () => {
    expect(parseHeldRef(true)).toBeUndefined()
    expect(parseHeldRef('bonus')).toBeUndefined()
    expect(parseHeldRef('bonus-x')).toBeUndefined()
    expect(parseHeldRef('quest-1')).toBeUndefined()
    expect(parseHeldRef('bonus-1-delete')).toBeUndefined()
    expect(parseHeldRef('bonus-1-cancel-<script>')).toBeUndefined()
  })
})
