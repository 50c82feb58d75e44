import { type AnalyticsEvent, connectAnalyticsSink, type PixelEvent } from '@/lib/analytics'
import { readCookieConsent, subscribeCookieConsent } from '@/lib/cookie-consent'
import { whenIdle } from '@/lib/idle'

/** Spec section 9: the pixel's action id of each conversion event. */
export const PIXEL_ACTION_IDS: Readonly<Record<PixelEvent, number>> = {
  visit: 80,
  regfin: 81,
  regnotfin: 82,
  ftd: 83,
  dep2: 84,
  dep3: 85,
  dep4: 86,
  dep5plus: 87,
  bet: 88,
  deposit: 89,
  bet30: 90,
}

/** Spec section 9: the client labels (bet30 has none). */
export const PIXEL_CLIENT_LABELS: Readonly<Partial<Record<PixelEvent, number>>> = {
  regfin: 1,
  ftd: 2,
  bet: 3,
  deposit: 4,
  visit: 5,
  dep2: 6,
  dep3: 7,
  dep4: 8,
  dep5plus: 9,
  regnotfin: 14,
}

/** What the beacon reports of the device (spec section 7, "Pixel beacon"). */
export interface DeviceFacts {
  screen: string
  timeZoneOffset: number
  plugins: number
  mimeTypes: number
  /** `navigator.deviceMemory` (GiB, Chromium only). */
  memory?: number
  threads?: number
  renderer?: string
}

/** The graphics renderer's name, if the browser tells it (WebGL's debug extension); asked once: a WebGL context is not free. */
let renderer: string | null | undefined
function graphicsRenderer(doc: Document): string | undefined {
  if (renderer === undefined) {
    renderer = null
    try {
      const gl = doc.createElement('canvas').getContext('webgl')
      const info = gl?.getExtension('WEBGL_debug_renderer_info')
      const name: unknown = info ? gl?.getParameter(info.UNMASKED_RENDERER_WEBGL) : undefined
      if (typeof name === 'string' && name !== '') renderer = name.slice(0, 256)
      gl?.getExtension('WEBGL_lose_context')?.loseContext()
    } catch {
      // No WebGL: the beacon goes without it.
    }
  }
  return renderer ?? undefined
}

export function deviceFacts(win: Window = window): DeviceFacts {
  const navigator = win.navigator as Navigator & { deviceMemory?: number }
  const facts: DeviceFacts = {
    screen: `${String(win.screen.width)}x${String(win.screen.height)}`,
    timeZoneOffset: new Date().getTimezoneOffset(),
    // Deprecated, yet the beacon's spec fields (section 7): browsers still answer them (fixed lists).
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    plugins: navigator.plugins.length,
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    mimeTypes: navigator.mimeTypes.length,
  }
  if (typeof navigator.deviceMemory === 'number') facts.memory = navigator.deviceMemory
  if (navigator.hardwareConcurrency > 0) facts.threads = navigator.hardwareConcurrency
  const name = graphicsRenderer(win.document)
  if (name !== undefined) facts.renderer = name
  return facts
}

/** A random value per beacon (the cache buster a pixel host sees). */
function nonce(): string {
  return crypto.randomUUID().replaceAll('-', '')
}

/** The beacon's address for `event`, or undefined (logged as the spec says) when the event has no pixel action. */
export function pixelUrl(base: string, event: PixelEvent, facts: DeviceFacts, random: string = nonce()): string | undefined {
  const action = (PIXEL_ACTION_IDS as Partial<Record<string, number>>)[event]
  if (action === undefined) {
    console.error(`[pixel] no pixel action for the event ${event}`)
    return undefined
  }
  const url = new URL(base, window.location.origin)
  const query: [string, string | number | undefined][] = [
    ['r', random],
    ['action', action],
    ['label', PIXEL_CLIENT_LABELS[event]],
    ['screen', facts.screen],
    ['tz', facts.timeZoneOffset],
    ['plugins', facts.plugins],
    ['mimeTypes', facts.mimeTypes],
    ['memory', facts.memory],
    ['threads', facts.threads],
    ['renderer', facts.renderer],
  ]
  for (const [name, value] of query) if (value !== undefined) url.searchParams.set(name, String(value))
  // A path stays a path (same site); an address stays whole.
  return base.startsWith('/') ? `${url.pathname}${url.search}` : url.href
}

/** Sends a beacon as an image; a failure is logged (spec section 8) and never reaches the app. */
export function sendImageBeacon(url: string): void {
  const image = new Image()
  image.onerror = () => {
    console.error('Failed to load Pixel')
  }
  image.src = url
}

const PIXEL_EVENTS = new Set<string>(Object.keys(PIXEL_ACTION_IDS))

function isPixelEvent(event: AnalyticsEvent): event is PixelEvent {
  return PIXEL_EVENTS.has(event)
}

/**
 * Starts the ad-retargeting pixel at `base`: the conversion events (spec section 3) become image
 * beacons once the visitor has accepted all cookies. Until they choose, events wait in memory; a
 * visitor who keeps to the necessary cookies sends none. Events that are no pixel conversion (the
 * quests') are for other sinks. Returns the function that stops it.
 */
export function startPixel(base: string, send: (url: string) => void = sendImageBeacon): () => void {
  let waiting: PixelEvent[] = []
  const flush = () => {
    const events = waiting
    waiting = []
    if (events.length === 0) return
    whenIdle(() => {
      const facts = deviceFacts()
      for (const event of events) {
        const url = pixelUrl(base, event, facts)
        if (url !== undefined) send(url)
      }
    }, 2_000)
  }
  const onConsent = () => {
    const choice = readCookieConsent()?.choice
    if (choice === 'all') flush()
    else if (choice === 'necessary') waiting = []
  }
  const disconnect = connectAnalyticsSink((event) => {
    if (!isPixelEvent(event)) return
    if (readCookieConsent()?.choice === 'necessary') return
    waiting = [...waiting, event].slice(-50)
    onConsent()
  })
  const unsubscribe = subscribeCookieConsent(onConsent)
  return () => {
    disconnect()
    unsubscribe()
  }
}
