import { useSyncExternalStore } from 'react'

/**
 * The id of the deposit the player is paying now (spec section 4: a pending invoice is "delivered to the
 * waiting wallet view if it matches the stored pending id"). Kept in local storage so the waiting view
 * comes back after the player returns from the provider's tab or reopens the Mini App. It is stored with
 * its player's id (`42:<invoice id>`) and read only for that player: after a logout (spec section 4: logout
 * clears the pending invoice id) no other session ever sees it, and the next settlement or decline removes it.
 */
const PENDING_INVOICE_KEY = 'pendingInvoiceId'

const listeners = new Set<() => void>()
let unsaved: string | null | undefined

function read(): string | null {
  if (unsaved !== undefined) return unsaved
  try {
    return localStorage.getItem(PENDING_INVOICE_KEY)
  } catch {
    return null
  }
}

function write(id: string | null): void {
  try {
    if (id === null) localStorage.removeItem(PENDING_INVOICE_KEY)
    else localStorage.setItem(PENDING_INVOICE_KEY, id)
    unsaved = undefined
  } catch {
    // Storage refused (private mode): the id still holds for this visit.
    unsaved = id
  }
  for (const listener of listeners) listener()
}

/** The pending invoice of `profileId`, if the stored one is theirs. */
export function pendingInvoiceId(profileId: number | undefined): string | null {
  const stored = read()
  const prefix = `${profileId}:`
  return profileId !== undefined && stored?.startsWith(prefix) ? stored.slice(prefix.length) || null : null
}

export function setPendingInvoiceId(profileId: number, id: string): void {
  write(`${profileId}:${id}`)
}

/** Forgets the pending id if it is `id` (a settled invoice must not forget a newer one). */
export function clearPendingInvoiceId(id: string): void {
  if (read()?.endsWith(`:${id}`)) write(null)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === PENDING_INVOICE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function usePendingInvoiceId(profileId: number | undefined): string | null {
  const stored = useSyncExternalStore(subscribe, read)
  return stored === null ? null : pendingInvoiceId(profileId)
}
