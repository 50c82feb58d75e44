import { useSyncExternalStore } from 'react'

/**
 * Whether the visitor has scrolled (or started to: a wheel, a touch move, a key) since the app started.
 * Until then the first screen has the main thread to itself: content below it can wait for the first
 * sign that the visitor is going there, instead of being prepared "just in case" while the first screen
 * is still starting (the home page's rows below the fold would be half of its start-up's blocking time
 * under Lighthouse's 4× slowdown, docs/performance.md). Once true it stays true for the app's life.
 */
let scrolled = false
const listeners = new Set<() => void>()

/** Scroll does not bubble: captured at the window, a carousel scrolled sideways counts too. */
const SIGNS = ['scroll', 'wheel', 'touchmove', 'keydown'] as const

function listen(listening: boolean) {
  for (const sign of SIGNS) {
    if (listening) window.addEventListener(sign, markScrolled, { capture: true, passive: true })
    else window.removeEventListener(sign, markScrolled, { capture: true })
  }
}

function markScrolled() {
  if (scrolled) return
  scrolled = true
  listen(false)
  for (const listener of listeners) listener()
}

// From the app's start (this module is in the start-up chunk), not from the first page that asks: a
// visitor who scrolled another page first has shown the way down already.
if (typeof window !== 'undefined') listen(true)

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const hasScrolled = () => scrolled

export function useVisitorHasScrolled(): boolean {
  return useSyncExternalStore(subscribe, hasScrolled, hasScrolled)
}

/** Forgets the scroll and listens again (tests). */
export function resetVisitorScrolled(): void {
  if (scrolled) listen(true)
  scrolled = false
}
