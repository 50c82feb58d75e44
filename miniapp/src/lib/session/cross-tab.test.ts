import { describe, expect, it, vi } from 'vitest'

import { announceSessionChange, CHANGE_SESSION_KEY, subscribeSessionChanges } from '@/lib/session/cross-tab'

/** What the browser delivers to the other tabs when one writes the marker. */
function otherTabWrote(key: string | null, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }))
}

describe('cross-tab session changes', () => {
  it('delivers the other tabs’ login and logout', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeSessionChanges(listener)

    announceSessionChange('login')
    otherTabWrote(CHANGE_SESSION_KEY, localStorage.getItem(CHANGE_SESSION_KEY))
    announceSessionChange('logout')
    otherTabWrote(CHANGE_SESSION_KEY, localStorage.getItem(CHANGE_SESSION_KEY))

    expect(listener.mock.calls).toEqual([['login'], ['logout']])
    unsubscribe()
    otherTabWrote(CHANGE_SESSION_KEY, localStorage.getItem(CHANGE_SESSION_KEY))
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('writes a new value every time, so repeated changes are all heard', () => {
    announceSessionChange('logout')
    const first = localStorage.getItem(CHANGE_SESSION_KEY)
    announceSessionChange('logout')
    expect(localStorage.getItem(CHANGE_SESSION_KEY)).not.toBe(first)
  })

  it('ignores other keys, removals and unreadable values', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeSessionChanges(listener)

    otherTabWrote('somethingElse', '{"change":"login"}')
    otherTabWrote(CHANGE_SESSION_KEY, null)
    otherTabWrote(null, null)
    otherTabWrote(CHANGE_SESSION_KEY, 'not json')
    otherTabWrote(CHANGE_SESSION_KEY, '{"change":"other"}')

    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
  })
})
