import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectDurableStorage, type DurableBackend, type DurableEntry, type DurableStore, keepDurably } from '@/lib/durable-storage'
import { syncDurableStorage } from '@/lib/telegram-storage'

/** Telegram's two storages, in memory; `refuse` makes one fail as a client without it does. */
function fakeTelegramStorage(refuse?: DurableStore) {
  const stores: Record<DurableStore, Map<string, string>> = { device: new Map(), secure: new Map() }
  const backend: DurableBackend = {
    read: (store, key) => (store === refuse ? Promise.reject(new Error('UNSUPPORTED')) : Promise.resolve(stores[store].get(key) ?? null)),
    write: (store, key, value) => {
      if (store === refuse) return Promise.reject(new Error('UNSUPPORTED'))
      if (value === null) stores[store].delete(key)
      else stores[store].set(key, value)
      return Promise.resolve()
    },
  }
  return { stores, backend }
}

const token: DurableEntry = { key: 'sessionToken', area: 'local', store: 'secure' }
const locale: DurableEntry = { key: 'locale', area: 'local', store: 'device' }
const lastGame: DurableEntry = { key: 'return-game', area: 'session', store: 'device' }

let disconnect: (() => void) | undefined
afterEach(() => {
  disconnect?.()
  localStorage.clear()
  sessionStorage.clear()
})

describe("Telegram's storage as the copy of web storage", () => {
  it('restores what a wiped web storage lost, each entry to its own area', async () => {
    const { stores, backend } = fakeTelegramStorage()
    stores.secure.set('sessionToken', '{"token":"t"}')
    stores.device.set('locale', 'ru')
    stores.device.set('return-game', '{"identity":"g"}')

    await syncDurableStorage(backend, [token, locale, lastGame])

    expect(localStorage.getItem('sessionToken')).toBe('{"token":"t"}')
    expect(localStorage.getItem('locale')).toBe('ru')
    expect(sessionStorage.getItem('return-game')).toBe('{"identity":"g"}')
  })

  it("keeps web storage's value where it has one, and copies it over", async () => {
    const { stores, backend } = fakeTelegramStorage()
    stores.device.set('locale', 'ru')
    localStorage.setItem('locale', 'es')

    await syncDurableStorage(backend, [locale])

    expect(localStorage.getItem('locale')).toBe('es')
    expect(stores.device.get('locale')).toBe('es')
  })

  it('leaves web storage as the fallback where a storage is refused', async () => {
    const { stores, backend } = fakeTelegramStorage('secure')
    stores.device.set('locale', 'ru')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)

    await syncDurableStorage(backend, [token, locale])

    expect(localStorage.getItem('sessionToken')).toBeNull()
    expect(localStorage.getItem('locale')).toBe('ru')
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('copies each later write, and removal, once connected; nothing before', async () => {
    const { stores, backend } = fakeTelegramStorage()
    keepDurably(locale, 'es')
    expect(stores.device.size).toBe(0)

    disconnect = connectDurableStorage(backend)
    keepDurably(locale, 'pt-br')
    keepDurably(token, '{"token":"t"}')
    await Promise.resolve()
    expect(stores.device.get('locale')).toBe('pt-br')
    expect(stores.secure.get('sessionToken')).toBe('{"token":"t"}')

    keepDurably(token, null)
    await Promise.resolve()
    expect(stores.secure.has('sessionToken')).toBe(false)
  })
})
