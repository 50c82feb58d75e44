import { describe, expect, it } from 'vitest'

import { canOpenModal, MODAL_RULES, modalSearch, modalZIndex, openModals, parseModalSearch, withoutModal } from '@/lib/modals'

describe('the modal registry', () => {
  it('holds every modal key of the spec', () => {
    expect(Object.keys(MODAL_RULES)).toHaveLength(53)
    expect(MODAL_RULES['sign-in']).toEqual({ audience: 'guest' })
    expect(MODAL_RULES.wallet).toEqual({ audience: 'signedIn' })
    expect(MODAL_RULES['global-search']).toEqual({ audience: 'anyone' })
  })

  it('keeps only modal keys with usable values from a query', () => {
    expect(parseModalSearch({ 'sign-in': true, wallet: 'deposit', stag: 'x', 'sign-up': '', 'bonus-details': 12 })).toEqual({
      'sign-in': true,
      wallet: 'deposit',
      'bonus-details': '12',
    })
    expect(parseModalSearch({ 'sign-in': 'true' })).toEqual({ 'sign-in': true })
  })

  it('lets guests, signed-in players and anyone see what their rules allow', () => {
    const guest = { signedIn: false }
    const player = { signedIn: true }
    expect(canOpenModal('sign-in', guest)).toBe(true)
    expect(canOpenModal('sign-in', player)).toBe(false)
    expect(canOpenModal('wallet', guest)).toBe(false)
    expect(canOpenModal('wallet', player)).toBe(true)
    expect(canOpenModal('cookie-request', guest)).toBe(true)
    expect(canOpenModal('cookie-request', player)).toBe(true)
    expect(canOpenModal('confirm', player)).toBe(true)
    expect(canOpenModal('confirm', guest)).toBe(false)
    expect(canOpenModal('reset-pass', player)).toBe(false)
    expect(canOpenModal('forgot-pass', guest)).toBe(true)
  })

  it('opens a modal by replacing the whole query, and closes one by removing its key', () => {
    expect(modalSearch('sign-in')).toEqual({ 'sign-in': true })
    expect(modalSearch('wallet', 'deposit')).toEqual({ wallet: 'deposit' })
    // A sport page's own place stays; other modals and stray keys go.
    expect(modalSearch('sign-in', true, { categoryIds: '601,602', championshipIds: '20001', eventId: '5', wallet: 'deposit', page: '2' })).toEqual({
      categoryIds: '601,602',
      championshipIds: '20001',
      eventId: '5',
      'sign-in': true,
    })
    expect(withoutModal({ 'sign-in': true, page: 2 }, 'sign-in')).toEqual({ page: 2 })
  })

  it('stacks modals from z-index 1000 in steps of 2, in query order', () => {
    expect([0, 1, 2].map(modalZIndex)).toEqual([1000, 1002, 1004])
    expect(openModals({ wallet: 'deposit', 'sign-in': true }).map(([key]) => key)).toEqual(['wallet', 'sign-in'])
  })
})
