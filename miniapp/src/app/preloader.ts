import type { createAppRouter } from '@/app/router'
import { PRELOADER_REMOVE_MS } from '@/config/constants'

type AppRouter = ReturnType<typeof createAppRouter>

/** The start-up preloader's element in `index.html`. */
export const PRELOADER_ID = 'preloader'

interface PageLocation {
  pathname: string
  search: Record<string, unknown>
}

const given = (value: unknown) => typeof value === 'string' && value !== ''

/**
 * Pages that keep the preloader up while they sign the player in (spec section 2): the auto-login page
 * with a `state`, and the social callback with both `code` and `state`. They leave for another page when
 * done, whose finish hides it, or call `hidePreloader` when they stop on a problem.
 */
export function holdsPreloader({ pathname, search }: PageLocation): boolean {
  if (pathname === '/auth/autologin') return given(search.state)
  if (/^\/auth\/social\/[^/]+\/callback\/?$/.test(pathname)) return given(search.code) && given(search.state)
  return false
}

/**
 * Fades the preloader out (the fade is its CSS transition of 500 ms; it lets clicks through
 * from the start) and takes it off the page `PRELOADER_REMOVE_MS` later. Once gone it stays gone: later
 * pages render in place, with their own pending states.
 */
export function hidePreloader(doc: Document = document): void {
  const preloader = doc.getElementById(PRELOADER_ID)
  if (!preloader || preloader.dataset.state === 'hiding') return
  preloader.dataset.state = 'hiding'
  preloader.setAttribute('aria-hidden', 'true')
  setTimeout(() => {
    preloader.remove()
  }, PRELOADER_REMOVE_MS)
}

/**
 * The start-up preloader (the brand mark `index.html` paints over the content area until the app has
 * its first page): each time a page finishes loading it is hidden after `delayMs` (the operator's "page
 * preloader delay", default 1000 ms), except on the pages that hold it. `label` is its accessible name in
 * the page's language. Returns the function that stops it.
 */
export function connectPreloader(router: AppRouter, delayMs: number, label: string, doc: Document = document): () => void {
  doc.getElementById(PRELOADER_ID)?.setAttribute('aria-label', label)
  let pending: ReturnType<typeof setTimeout> | undefined
  const onPageFinished = (location: PageLocation) => {
    clearTimeout(pending)
    if (holdsPreloader(location)) return
    pending = setTimeout(() => {
      hidePreloader(doc)
    }, delayMs)
  }
  const stop = router.subscribe('onResolved', ({ toLocation }) => {
    onPageFinished(toLocation)
  })
  // The first page may already have finished before this subscription (a cached start).
  if (router.state.status === 'idle' && router.state.resolvedLocation) onPageFinished(router.state.resolvedLocation)
  return () => {
    stop()
    clearTimeout(pending)
  }
}
