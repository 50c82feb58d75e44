import { describe, expect, it } from 'vitest'

import {
  addPlayed,
  mergePlayed,
  parsePlayed,
  PLAYED_LIMIT,
  type PlayedEntry,
  playedStorageKey,
  readPlayed,
  recordPlayed,
} from '@/features/games/recently-played'
import { connectDurableStorage } from '@/lib/durable-storage'

const entry = (identity: string, playedAt: number, provider = 'netent'): PlayedEntry => ({
  id: playedAt,
  identity,
  name: identity,
  provider,
  image: `/img/${identity}.png`,
  playedAt,
})

describe('the recently-played list', () => {
  it('puts the latest game first and keeps each game once', () => {
    let list = addPlayed([], entry('a', 1))
    list = addPlayed(list, entry('b', 2))
    list = addPlayed(list, entry('a', 3))
    expect(list.map((game) => [game.identity, game.playedAt])).toEqual([
      ['a', 3],
      ['b', 2],
    ])
  })

  it('keys games by provider and game: the same identity of two providers is two games', () => {
    const list = addPlayed([entry('book', 1, 'netent')], entry('book', 2, 'playson'))
    expect(list).toHaveLength(2)
  })

  it('keeps at most the limit, dropping the oldest', () => {
    let list: PlayedEntry[] = []
    for (let index = 0; index < PLAYED_LIMIT + 5; index += 1) list = addPlayed(list, entry(`g${String(index)}`, index))
    expect(list).toHaveLength(PLAYED_LIMIT)
    expect(list[0]?.identity).toBe(`g${String(PLAYED_LIMIT + 4)}`)
    expect(list.some((game) => game.identity === 'g0')).toBe(false)
  })

  it("merges the local list with the platform's, most recent first, each game at its latest play", () => {
    const local = [entry('a', 5), entry('b', 1)]
    const server = [entry('b', 4), entry('c', 3)]
    expect(mergePlayed(local, server).map((game) => [game.identity, game.playedAt])).toEqual([
      ['a', 5],
      ['b', 4],
      ['c', 3],
    ])
  })

  it('reads stored lists defensively', () => {
    expect(parsePlayed(null)).toEqual([])
    expect(parsePlayed('not json')).toEqual([])
    expect(parsePlayed('{"a":1}')).toEqual([])
    expect(parsePlayed(JSON.stringify([entry('a', 1), { identity: 'broken' }, entry('b', 2)])).map((game) => game.identity)).toEqual(['b', 'a'])
  })

  it('keeps one list per user', () => {
    const storage = window.localStorage
    storage.clear()
    recordPlayed(7, entry('a', 1), storage)
    recordPlayed(8, entry('b', 2), storage)
    recordPlayed(undefined, entry('c', 3), storage)
    expect(readPlayed(7, storage).map((game) => game.identity)).toEqual(['a'])
    expect(readPlayed(8, storage).map((game) => game.identity)).toEqual(['b'])
    expect(readPlayed(undefined, storage).map((game) => game.identity)).toEqual(['c'])
    expect(playedStorageKey(7)).toBe('played-games:7')
    storage.clear()
  })
})

describe('the played games in Telegram', () => {
  it("are copied to Telegram's device storage under the player's key, to come back after a wipe", async () => {
    const device = new Map<string, string | null>()
    const disconnect = connectDurableStorage({
      read: () => Promise.resolve(null),
      write: (store, key, value) => {
        if (store === 'device') device.set(key, value)
        return Promise.resolve()
      },
    })
    recordPlayed(7, entry('a', 1), sessionStorage)
    await Promise.resolve()
    expect(parsePlayed(device.get(playedStorageKey(7)) ?? null)).toEqual([entry('a', 1)])
    disconnect()
  })
})
