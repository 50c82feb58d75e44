import { type RefCallback, useCallback, useState } from 'react'

/** Spec section 9: the lazy-load margin. Content this close to the visible area loads; farther content waits. */
export const LAZY_LOAD_MARGIN_PX = 400

/**
 * One observer for every element that waits to come near: a page of 600 tiles costs one observer, not
 * 600. `scrollMargin` widens scroll containers' clipping by the same margin (Chromium 120+; ignored
 * elsewhere, where a horizontally scrolled tile loads when it becomes visible instead).
 */
let sharedObserver: IntersectionObserver | undefined
const waiting = new Map<Element, () => void>()

function observer(): IntersectionObserver {
  sharedObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        sharedObserver?.unobserve(entry.target)
        waiting.get(entry.target)?.()
        waiting.delete(entry.target)
      }
    },
    { rootMargin: `${String(LAZY_LOAD_MARGIN_PX)}px`, scrollMargin: `${String(LAZY_LOAD_MARGIN_PX)}px` } as IntersectionObserverInit,
  )
  return sharedObserver
}

/**
 * Calls `onNear` once `element` comes within the lazy-load margin of the viewport (at once without
 * IntersectionObserver: old webviews, tests' DOM); returns what stops waiting. For work that needs no
 * render of its own (a tile's artwork is asked for by writing to its `<img>`).
 */
export function whenNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear()
    return () => undefined
  }
  waiting.set(element, onNear)
  observer().observe(element)
  return () => {
    waiting.delete(element)
    sharedObserver?.unobserve(element)
  }
}

/**
 * Whether the element has come within the lazy-load margin of the viewport; once true it stays true
 * (artwork, once loaded, stays). Attach the returned ref to the element. Without IntersectionObserver
 * (old webviews, tests' DOM) everything counts as near, which is what the browser would do without
 * lazy loading.
 */
export function useNearViewportOnce<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || near) return
      return whenNearViewport(element, () => {
        setNear(true)
      })
    },
    [near],
  )
  return [ref, near]
}
