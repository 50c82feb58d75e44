import { focusManager, onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectQueryLifecycle } from '@/app/query-client'

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('connectQueryLifecycle', () => {
  afterEach(() => {
    setVisibility('visible')
  })

  it('treats a hidden page as unfocused and a visible one as focused', () => {
    connectQueryLifecycle()

    setVisibility('hidden')
    expect(focusManager.isFocused()).toBe(false)

    setVisibility('visible')
    expect(focusManager.isFocused()).toBe(true)
  })

  it('re-reads the connection when the page becomes visible, since a hidden webview may miss events', () => {
    connectQueryLifecycle()
    const onLine = vi.spyOn(navigator, 'onLine', 'get')

    onLine.mockReturnValue(false)
    setVisibility('visible')
    expect(onlineManager.isOnline()).toBe(false)

    onLine.mockReturnValue(true)
    setVisibility('visible')
    expect(onlineManager.isOnline()).toBe(true)
  })
})
