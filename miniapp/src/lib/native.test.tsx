import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectNativeBridge, haptic, useClosingConfirmation } from '@/lib/native'

function fakeBridge() {
  return { haptic: vi.fn(), setBackButton: vi.fn(), setClosingConfirmation: vi.fn() }
}

describe('the native bridge', () => {
  afterEach(() => {
    connectNativeBridge(undefined)
  })

  it('does nothing in a browser, and passes haptics to the host when connected', () => {
    haptic('impact')
    const bridge = fakeBridge()
    connectNativeBridge(bridge)
    haptic('error')
    expect(bridge.haptic).toHaveBeenCalledWith('error')
  })

  it('asks before closing while any process needs it, and stops when the last one ends', () => {
    const bridge = fakeBridge()
    connectNativeBridge(bridge)
    const first = renderHook(() => {
      useClosingConfirmation(true)
    })
    const second = renderHook(() => {
      useClosingConfirmation(true)
    })
    first.unmount()
    expect(bridge.setClosingConfirmation).not.toHaveBeenLastCalledWith(false)
    second.unmount()
    expect(bridge.setClosingConfirmation).toHaveBeenLastCalledWith(false)
  })
})
