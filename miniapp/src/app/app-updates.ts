import type { createAppRouter } from '@/app/router'
import { mayForceReload, watchBuildManifest } from '@/lib/app-updates'

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Keeps a long-lived tab on the live build: once the manifest names a newer build, the next navigation
 * is a full page load of its target (spec section 4); a chunk that fails to load (a deploy removed it)
 * reloads the target page, at most once per path within 10 seconds, unless the browser is offline. Returns
 * the function that stops it.
 */
export function connectAppUpdates(router: AppRouter, buildId: string, win: Window = window): () => void {
  let updateLive = false
  const stopWatching =
    buildId === 'dev'
      ? () => undefined
      : watchBuildManifest(buildId, () => {
          updateLive = true
        })

  const stopNavigations = router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
    if (!updateLive || !pathChanged || !mayForceReload(toLocation.pathname)) return
    win.location.assign(toLocation.publicHref)
  })

  // Vite reports a dynamic import that failed (the chunk or its CSS) here before it throws. Offline, the
  // connection failed, not the build: a reload would only start the shell again, and it would cut off any
  // navigation under way, so the import fails as it is and its screen offers a retry.
  const onPreloadError = (event: Event) => {
    if (!win.navigator.onLine) return
    const target = router.state.location
    if (!mayForceReload(target.pathname)) return
    event.preventDefault()
    win.location.assign(target.publicHref)
  }
  win.addEventListener('vite:preloadError', onPreloadError)

  return () => {
    stopWatching()
    stopNavigations()
    win.removeEventListener('vite:preloadError', onPreloadError)
  }
}
