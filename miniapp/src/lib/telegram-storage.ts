import type { DurableBackend, DurableEntry, DurableStore } from '@/lib/durable-storage'

/** A host that does not answer a storage request in this time is taken to have refused it. */
const STORAGE_REQUEST_TIMEOUT_MS = 2000

/**
 * Telegram's DeviceStorage and SecureStorage (Bot API 9.0) through the SDK's bridge: undefined where the
 * client is older or the launch parameters cannot be read. Loaded in Telegram only, beside the SDK.
 */
export async function telegramStorage(): Promise<DurableBackend | undefined> {
  const sdk = await import('@telegram-apps/sdk-react')
  let version: string
  try {
    version = sdk.retrieveLaunchParams().tgWebAppVersion
  } catch {
    return undefined
  }
  if (!sdk.supports('web_app_device_storage_get_key', version)) return undefined
  /** Each request's own answer, and whether it was the storage's `…_failed` event. */
  const exchange = () => {
    const id = sdk.createRequestId()
    const answer = { failed: false }
    const options = {
      capture: ({ event, payload }: { event: string; payload: { req_id: string } }) => {
        if (payload.req_id !== id) return false
        answer.failed = event.endsWith('_failed')
        return true
      },
      timeout: STORAGE_REQUEST_TIMEOUT_MS,
    }
    return { id, answer, options }
  }
  const failure = (store: DurableStore, payload: object) =>
    new Error(`Telegram's ${store} storage failed: ${'error' in payload ? String(payload.error) : 'no reason given'}`)

  return {
    read: async (store, key) => {
      const { id, answer, options } = exchange()
      const payload =
        store === 'secure'
          ? await sdk.request('web_app_secure_storage_get_key', ['secure_storage_key_received', 'secure_storage_failed'], { params: { req_id: id, key }, ...options })
          : await sdk.request('web_app_device_storage_get_key', ['device_storage_key_received', 'device_storage_failed'], { params: { req_id: id, key }, ...options })
      if (answer.failed || !('value' in payload)) throw failure(store, payload)
      return payload.value ?? null
    },
    write: async (store, key, value) => {
      const { id, answer, options } = exchange()
      const payload =
        store === 'secure'
          ? await sdk.request('web_app_secure_storage_save_key', ['secure_storage_key_saved', 'secure_storage_failed'], { params: { req_id: id, key, value }, ...options })
          : await sdk.request('web_app_device_storage_save_key', ['device_storage_key_saved', 'device_storage_failed'], { params: { req_id: id, key, value }, ...options })
      if (answer.failed) throw failure(store, payload)
    },
  }
}

/**
 * For each entry: a value web storage holds is copied to Telegram's (it may have been written before the
 * copy was connected); one web storage lost is restored from Telegram's. An entry Telegram's storage
 * refuses stays as web storage has it.
 */
export async function syncDurableStorage(
  backend: DurableBackend,
  entries: readonly DurableEntry[],
  areas: Record<DurableEntry['area'], Storage> = { local: localStorage, session: sessionStorage },
): Promise<void> {
  await Promise.all(
    entries.map(async (entry) => {
      const storage = areas[entry.area]
      try {
        const present = storage.getItem(entry.key)
        if (present !== null) {
          await backend.write(entry.store, entry.key, present)
          return
        }
        const kept = await backend.read(entry.store, entry.key)
        // Written meanwhile (a sign-in that did not wait): the newer value stays.
        if (kept !== null && storage.getItem(entry.key) === null) storage.setItem(entry.key, kept)
      } catch (error) {
        console.warn(`[storage] ${entry.key} was not synced with Telegram's ${entry.store} storage`, error)
      }
    }),
  )
}
