/**
 * A player's setting kept in local storage and shared by every tab of the site (the colour mode, the
 * drawer's compact flag): read through `parse` (which turns anything unreadable into the default),
 * written by `set`, and every change — here or in another tab — told to the subscribers. When storage
 * refuses a write (private mode, a locked-down webview) the value still holds for this visit.
 */
export interface StoredSetting<Value extends string> {
  get: () => Value
  set: (next: Value) => void
  subscribe: (listener: () => void) => () => void
  /** Stops following the other tabs. */
  stop: () => void
}

export function storedSetting<Value extends string>(
  key: string,
  parse: (raw: string | null) => Value,
  win: Window = window,
): StoredSetting<Value> {
  const listeners = new Set<() => void>()
  // A value storage would not keep; it wins until another tab writes one.
  let unsaved: Value | undefined
  const read = () => {
    try {
      return parse(win.localStorage.getItem(key))
    } catch {
      return parse(null)
    }
  }
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return
    unsaved = undefined
    changed()
  }
  win.addEventListener('storage', onStorage)

  return {
    get: () => unsaved ?? read(),
    set: (next) => {
      try {
        win.localStorage.setItem(key, next)
        unsaved = undefined
      } catch {
        unsaved = next
      }
      changed()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    stop: () => {
      win.removeEventListener('storage', onStorage)
    },
  }
}
