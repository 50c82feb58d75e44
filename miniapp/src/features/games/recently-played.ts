/**
 * Played games (spec section 4): a per-user list in local storage keyed by user id, provider and
 * game, most recent first, without duplicates. The signed-in player's list is merged with the
 * platform's `GET /game/games/played` on the recently-played page.
 */

/** What a tile needs, so the page draws the list before any call answers. */
export interface PlayedEntry {
  id: number
  identity: string
  name: string
  provider: string
  /** The 1x1 artwork at 1x; may be missing in entries of older builds. */
  image: string
  /** Milliseconds since the epoch. */
  playedAt: number
}

import { type DurableEntry, keepDurably } from '@/lib/durable-storage'

/** The spec gives no size; a screenful or two is what a player scrolls back through. */
export const PLAYED_LIMIT = 50

/** The key of a user's list; guests share one under `guest` (it is cleared with the browser's data). */
export function playedStorageKey(userId: number | undefined): string {
  return `played-games:${userId === undefined ? 'guest' : String(userId)}`
}

/** In Telegram a player's list outlives a wiped web storage. */
export function playedEntry(userId: number | undefined): DurableEntry {
  return { key: playedStorageKey(userId), area: 'local', store: 'device' }
}

const sameGame = (a: PlayedEntry, b: PlayedEntry) => a.provider === b.provider && a.identity === b.identity

/** The list with `entry` first and its older copy gone, at most `PLAYED_LIMIT` long. */
export function addPlayed(list: readonly PlayedEntry[], entry: PlayedEntry): PlayedEntry[] {
  return [entry, ...list.filter((other) => !sameGame(other, entry))].slice(0, PLAYED_LIMIT)
}

/** Two lists as one: most recent first, each game once (its latest play), at most `PLAYED_LIMIT`. */
export function mergePlayed(a: readonly PlayedEntry[], b: readonly PlayedEntry[]): PlayedEntry[] {
  const merged: PlayedEntry[] = []
  for (const entry of [...a, ...b].sort((x, y) => y.playedAt - x.playedAt)) {
    if (!merged.some((other) => sameGame(other, entry))) merged.push(entry)
  }
  return merged.slice(0, PLAYED_LIMIT)
}

function isEntry(value: unknown): value is PlayedEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.id === 'number' &&
    typeof entry.identity === 'string' &&
    typeof entry.name === 'string' &&
    typeof entry.provider === 'string' &&
    typeof entry.image === 'string' &&
    typeof entry.playedAt === 'number' &&
    Number.isFinite(entry.playedAt)
  )
}

/** A stored list, read defensively: anything unreadable is dropped, never thrown. */
export function parsePlayed(raw: string | null): PlayedEntry[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? mergePlayed(value.filter(isEntry), []) : []
  } catch {
    return []
  }
}

export function readPlayed(userId: number | undefined, storage: Storage = window.localStorage): PlayedEntry[] {
  try {
    return parsePlayed(storage.getItem(playedStorageKey(userId)))
  } catch {
    return []
  }
}

/** Records a launch; a storage that refuses writes (private mode) only loses the list. */
export function recordPlayed(userId: number | undefined, entry: PlayedEntry, storage: Storage = window.localStorage): PlayedEntry[] {
  const next = addPlayed(readPlayed(userId, storage), entry)
  const value = JSON.stringify(next)
  try {
    storage.setItem(playedStorageKey(userId), value)
  } catch {
    // Storage is full or refused: the list still holds for this page.
  }
  keepDurably(playedEntry(userId), value)
  return next
}
