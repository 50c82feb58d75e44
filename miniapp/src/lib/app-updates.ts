import { BUILD_MANIFEST_POLL_MS, FORCED_RELOAD_WINDOW_MS } from '@/config/constants'

/** The live build's manifest, served beside the app. */
const BUILD_MANIFEST_PATH = '/builds/latest.json'

/** Whether the manifest names a build other than `currentId`; undefined when it could not be read (ignored, spec section 8). */
export async function isNewerBuildLive(currentId: string, fetcher: typeof fetch = fetch, now = Date.now()): Promise<boolean | undefined> {
  try {
    // The timestamp busts any cache between here and the file (spec section 7).
    const response = await fetcher(`${BUILD_MANIFEST_PATH}?t=${String(now)}`, { cache: 'no-store' })
    if (!response.ok) return undefined
    const manifest = (await response.json()) as { id?: unknown }
    return typeof manifest.id === 'string' && manifest.id !== '' ? manifest.id !== currentId : undefined
  } catch {
    return undefined
  }
}

/**
 * Polls the manifest every `intervalMs`; once a newer build is live `onUpdate` is called (once) and
 * polling stops. Returns the function that stops it.
 */
export function watchBuildManifest(
  currentId: string,
  onUpdate: () => void,
  { intervalMs = BUILD_MANIFEST_POLL_MS, fetcher = fetch }: { intervalMs?: number; fetcher?: typeof fetch } = {},
): () => void {
  let stopped = false
  const timer = setInterval(() => {
    void isNewerBuildLive(currentId, fetcher).then((newer) => {
      if (!newer || stopped) return
      stopped = true
      clearInterval(timer)
      onUpdate()
    })
  }, intervalMs)
  return () => {
    stopped = true
    clearInterval(timer)
  }
}

/** Where the last forced reload went, so a chunk that keeps failing cannot loop the page. */
const FORCED_RELOAD_KEY = 'forcedReload'

/**
 * Whether a forced reload to `path` may happen now: at most once per path within 10 seconds (spec
 * section 9). Records the reload when it may.
 */
export function mayForceReload(path: string, now = Date.now(), storage: Storage = sessionStorage): boolean {
  try {
    const last = JSON.parse(storage.getItem(FORCED_RELOAD_KEY) ?? 'null') as { path?: unknown; at?: unknown } | null
    if (last?.path === path && typeof last.at === 'number' && now - last.at < FORCED_RELOAD_WINDOW_MS) return false
  } catch {
    // Unreadable: no reload recorded.
  }
  storage.setItem(FORCED_RELOAD_KEY, JSON.stringify({ path, at: now }))
  return true
}

/** An error of loading a code chunk (a deploy replaced the files this page was built against). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}
