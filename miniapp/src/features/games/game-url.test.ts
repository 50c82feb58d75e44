import { describe, expect, it } from 'vitest'

import { safeGameUrl } from '@/features/games/game-url'

const origin = 'http://127.0.0.1:8080'

describe('the game address the page frames', () => {
  it("takes the sandbox provider's page on this origin", () => {
    expect(safeGameUrl('/api/sandbox/games/abc', origin)).toBe(`${origin}/api/sandbox/games/abc`)
  })

  it("takes another provider's page over https", () => {
    expect(safeGameUrl('https://games.example.com/launch?session=1', 'https://casino.example')).toBe(
      'https://games.example.com/launch?session=1',
    )
  })

  it('refuses plain http elsewhere, other paths of this origin, other schemes and credentials', () => {
    expect(safeGameUrl('http://games.example.com/launch', origin)).toBeUndefined()
    expect(safeGameUrl('/api/player/profile', origin)).toBeUndefined()
    expect(safeGameUrl('javascript:alert(1)', origin)).toBeUndefined()
    expect(safeGameUrl('data:text/html,hi', origin)).toBeUndefined()
    expect(safeGameUrl('https://user:pass@games.example.com/', origin)).toBeUndefined()
    expect(safeGameUrl('//games.example.com/x', origin)).toBeUndefined()
    expect(safeGameUrl('http://[bad', origin)).toBeUndefined()
  })
})
