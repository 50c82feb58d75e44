// The app's service worker, written into the build as `sw.js` by tooling/service-worker-plugin.ts, which
// puts the build's id and its shell (the home page's HTML, start-up JavaScript and CSS, manifest, icon)
// in place of the two constants below. Registered only by production builds (src/lib/service-worker.ts).
//
// What it does, and why so little:
// - The shell is cached at install, so the app starts offline and on a bad connection.
// - Pages (navigations) go to the network first, so an online player always gets the latest release
//   (the app's update check relies on it); only when the network fails does the cached shell answer.
// - Hashed assets (`/assets/`) never change: the cache answers them first, and chunks fetched later
//   (other pages, modals) are kept too, for this build's lifetime.
// - Nothing else is touched: the API, real-time, the sandbox's pages, the build manifest go to the
//   network as if there were no worker. Money and sessions are never served from a cache.

const BUILD_ID = '__BUILD_ID__'
const SHELL = ['__SHELL__']

const CACHE = `shell-${BUILD_ID}`
/** Paths that are never the worker's business. */
const PASS_THROUGH = ['/api/', '/sandbox/', '/builds/']

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  // Earlier builds' caches go: their chunks are no longer what the shell asks for.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || PASS_THROUGH.some((prefix) => url.pathname.startsWith(prefix))) return

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.open(CACHE).then((cache) => cache.match('/')).then((shell) => shell ?? Response.error())),
    )
    return
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (cached) =>
            cached ??
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone())
              return response
            }),
        ),
      ),
    )
    return
  }
  if (SHELL.includes(url.pathname)) {
    // The manifest and the icon: fresh when online, the cached copy offline.
    event.respondWith(fetch(request).catch(() => caches.open(CACHE).then((cache) => cache.match(url.pathname)).then((cached) => cached ?? Response.error())))
  }
})
