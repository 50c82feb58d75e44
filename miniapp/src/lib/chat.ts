import { useSyncExternalStore } from 'react'

/**
 * The live chat as the rest of the app sees it (spec section 4, "Chat widget"): whether it is there,
 * how many answers the player has not read, and a way to open it. The widget itself is
 * `features/chat`, which connects here once it has started.
 */
export interface ChatView {
  available: boolean
  unread: number
}

let view: ChatView = { available: false, unread: 0 }
let openWidget: (() => void) | undefined
/** Whether a page where the chat can be opened was seen: the widget then loads and stays for the visit. */
let wanted = false
const listeners = new Set<() => void>()

function publish(next: ChatView): void {
  view = next
  for (const listener of listeners) listener()
}

/** The widget started (`open` shows it) or went away (undefined). */
export function connectChat(open: (() => void) | undefined): void {
  openWidget = open
  publish({ available: open !== undefined, unread: open === undefined ? 0 : view.unread })
}

export function setChatUnread(count: number): void {
  if (count !== view.unread) publish({ ...view, unread: Math.max(0, count) })
}

export function openChat(): void {
  openWidget?.()
}

/** A page offers the chat (support): the widget loads, and stays for the rest of the visit. */
export function wantChat(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

export function useChatWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useChat(): ChatView {
  return useSyncExternalStore(subscribe, () => view)
}
