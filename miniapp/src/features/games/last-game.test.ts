import { describe, expect, it } from 'vitest'

import { readLastGame, storeLastGame } from '@/features/games/last-game'

describe('the last game', () => {
  it("is its owner's only: a sign-out or another player finds no way back", () => {
    sessionStorage.clear()
    storeLastGame({ identity: 'lucky-sevens', name: 'Lucky Sevens' }, 7)
    expect(readLastGame(7)).toEqual({ identity: 'lucky-sevens', name: 'Lucky Sevens' })
    expect(readLastGame('guest')).toBeUndefined()
    expect(readLastGame(8)).toBeUndefined()
    sessionStorage.setItem('return-game', '{broken')
    expect(readLastGame(7)).toBeUndefined()
    sessionStorage.clear()
  })
})
