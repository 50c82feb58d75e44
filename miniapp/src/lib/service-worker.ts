import { whenIdle } from '@/lib/idle'

/**
 * Registers the app's service worker (`/sw.js`, made by the build: tooling/service-worker.js), in
 * production builds only (spec section 7: dev servers and tests run without one), once the page has
 * loaded and the browser is idle, so it never competes with the first screen. A failure is logged:
 * the app works the same without it, only not offline.
 */
export function registerServiceWorker(win: Window = window, production: boolean = import.meta.env.PROD): void {
  if (!production || !('serviceWorker' in win.navigator)) return
  const register = () => {
    win.navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('[service worker] not registered', error)
    })
  }
  const registerWhenIdle = () => {
    whenIdle(register, 5_000, win)
  }
  if (win.document.readyState === 'complete') registerWhenIdle()
  else win.addEventListener('load', registerWhenIdle, { once: true })
}
