import './index.css'

import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from '@/app/app'
import { connectAppUpdates } from '@/app/app-updates'
import { loadSignedInControls } from '@/app/layouts/signed-in-controls-chunk'
import { connectPreloader } from '@/app/preloader'
import { connectQueryLifecycle, createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { env } from '@/config/env'
import { captureAffiliateTagFromLocation } from '@/lib/affiliate'
import { trackVisit } from '@/lib/analytics'
import { startColorMode } from '@/lib/color-mode'
import { onceTrackingAllowed } from '@/lib/cookie-consent'
import { captureInstallPrompt } from '@/lib/install-prompt'
import { registerServiceWorker } from '@/lib/service-worker'
import { setClientInfo } from '@/lib/api-client'
import { activateLocale, isCrawler, rememberLocale, startLocale, storedLocale, t } from '@/lib/i18n'
import { detectLaunch } from '@/lib/launch'
import { readStoredToken } from '@/lib/session'
import { hasStartParamQuery } from '@/lib/start-param-keys'

/** How long the first render waits, at most, for Telegram's storage to give back a wiped web storage. */
const TELEGRAM_STORAGE_WAIT_MS = 1000

document.title = env.VITE_APP_NAME
// Before the router reads the URL: an affiliate link's `stag` is stored and leaves the address bar.
captureAffiliateTagFromLocation()
connectQueryLifecycle()

// Telegram or web, decided once; the SDK loads only in Telegram.
const launch = detectLaunch(window)
// A launch that names a screen (`startapp`) opens on it, before the router reads the address. Its reader
// loads only for a launch that has one: a plain web visit does not pay for it.
const telegramStartParam = launch.mode === 'telegram' ? launch.startParam : undefined
if (telegramStartParam !== undefined || hasStartParamQuery(window.location.search)) {
  const { routeStartParam } = await import('@/lib/start-param')
  routeStartParam(telegramStartParam)
}
setClientInfo(
  launch.mode === 'telegram'
    ? { platform: 'tg', source: env.VITE_BOT_URL ?? window.location.origin }
    : { platform: 'web', source: window.location.origin },
)
if (launch.mode === 'telegram') {
  // Telegram's theme and SDK are a chunk of their own, which web visitors never download.
  void import('@/lib/telegram/sdk').then(({ startTelegramSdk }) => startTelegramSdk())
  // Telegram sign-in is a Telegram-only chunk too (`App` renders it lazily): fetched now, beside the SDK,
  // so the sign-in starts with the first render instead of a request after it.
  void import('@/app/telegram-sign-in')
} else {
  startColorMode()
  // The browser's install prompt fires once, early: kept for the `install-app` dialog.
  captureInstallPrompt()
}
// Offline start and installability; Telegram's webviews take it too (Android's is Chrome's).
registerServiceWorker()

// Conversion events wait in the analytics queue until a tracker takes them. Trackers are chunks of their
// own, loaded only when configured and once the visitor has accepted all cookies (a visitor who has not
// chosen yet, or keeps to the necessary ones, never downloads them): the pixel, the tag manager and the
// web analytics with session replay.
trackVisit()
const pixelUrl = env.VITE_PIXEL_URL
if (pixelUrl !== undefined) onceTrackingAllowed(() => void import('@/lib/pixel').then((pixel) => pixel.startPixel(pixelUrl)))
const tagManagerId = env.VITE_GTM_ID
if (tagManagerId !== undefined) onceTrackingAllowed(() => void import('@/lib/tag-manager').then((tags) => tags.startTagManager(tagManagerId)))
const clarityId = env.VITE_CLARITY_ID
if (clarityId !== undefined) onceTrackingAllowed(() => void import('@/lib/web-analytics').then((web) => web.startWebAnalytics(clarityId)))

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

if (launch.mode === 'telegram') {
  // What web storage lost comes back from Telegram's storage before the first render reads it (the
  // session, the language). Web storage that still holds a session was not wiped: the copy then syncs
  // in the background. Otherwise (a first launch, or a wiped one) the render waits for it, but never
  // long: the shell has painted already, and a host that does not answer costs at most the wait.
  const restored = import('@/app/telegram-storage').then(({ restoreTelegramStorage }) => restoreTelegramStorage())
  if (readStoredToken() === undefined) await Promise.race([restored, after(TELEGRAM_STORAGE_WAIT_MS)])
}
// A stored session is most likely restored: the header's signed-in controls (a chunk of their own) are
// fetched now, beside the start-up, instead of after the session is back.
if (readStoredToken() !== undefined) void loadSignedInControls()

// The page's language first (its catalogue is a chunk of its own), so the first paint is in it. An
// address without a locale may be in the player's Telegram or browser language instead: the page then
// takes its prefixed address in place, before the router reads it (no second page load).
// A Telegram player's Telegram language counts only when no language is stored (their first launch); its
// reading is in the Telegram start-up chunk, fetched above already.
const stored = storedLocale()
const start = startLocale(window.location.pathname, {
  stored,
  telegram: launch.mode === 'telegram',
  telegramLanguage:
    launch.mode === 'telegram' && stored === undefined
      ? (await import('@/app/telegram-storage')).telegramLanguage(launch.initData)
      : undefined,
  browserLanguages: navigator.languages,
  crawler: isCrawler(navigator.userAgent),
})
if (start.remember !== undefined) rememberLocale(start.remember)
if (start.redirect !== undefined) {
  window.history.replaceState(window.history.state, '', `${start.redirect}${window.location.search}${window.location.hash}`)
}
await activateLocale(start.locale)

// Each step of the start-up below is a task of its own: evaluating the start-up's modules is one long
// task already, and the router's building, added to it when the language is already there (English),
// would make it the longest of the start-up (Total Blocking Time, docs/performance.md).
await after(0)
const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
connectAppUpdates(router, __BUILD_ID__)
connectPreloader(router, env.VITE_PAGE_PRELOADER_DELAY_MS, t('Loading'))

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

// The first render as a transition: React renders it in slices of a few milliseconds instead of one
// long task, so the page answers input while it starts (Total Blocking Time, docs/performance.md).
// Building the router above was a task of its own; yield once so the two do not add up.
await after(0)
// The first page's route (its code and its loader's data) is loaded before the first render, so the
// page mounts inside that sliced transition. Rendered first, the providers commit, then the router
// mounts the page through its store, and React renders a store's update in one synchronous task
// whatever started it: the whole page at once, the start-up's longest task on a slow phone
// (loading the page first takes 140–220 ms off Lighthouse's blocking time, interleaved runs). A
// slow loader does not hold the first paint of the shell past FIRST_PAGE_WAIT_MS, and a failed one is
// rendered by the route's error state, as it would be without the wait.
const FIRST_PAGE_WAIT_MS = 2000
await Promise.race([router.load().catch(() => undefined), after(FIRST_PAGE_WAIT_MS)])
await after(0)
const root = createRoot(rootElement)
startTransition(() => {
  root.render(
    <StrictMode>
      <App
        queryClient={queryClient}
        router={router}
        launch={launch}
        {...(launch.mode === 'telegram' && start.remember !== undefined ? { telegramLanguage: start.remember } : {})}
      />
    </StrictMode>,
  )
})
// From here the app handles its own errors; index.html's start-failure notice stands down.
window.__appStarted = true
