import { connectAnalyticsSink } from '@/lib/analytics'
import { loadScriptGlobal } from '@/lib/load-script'

/** Google Tag Manager's queue: what the container's tags read. */
type DataLayer = Record<string, unknown>[]

function dataLayer(win: Window): DataLayer {
  const host = win as unknown as { dataLayer?: DataLayer }
  host.dataLayer ??= []
  return host.dataLayer
}

/**
 * Starts the operator's Tag Manager container `id` (spec section 7's "tag manager"; main.tsx starts it
 * only when configured and after the visitor accepts all cookies): the container's start event, its
 * script, and every analytics event from then on (the spec's conversion and quest events) as a
 * `dataLayer` event of the same name. A script that does not load is logged and changes nothing else.
 * Returns the function that stops forwarding events.
 */
export function startTagManager(id: string, win: Window = window): () => void {
  const layer = dataLayer(win)
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  loadScriptGlobal(
    `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    () => (win as unknown as { google_tag_manager?: unknown }).google_tag_manager,
    'The tag manager did not load.',
    win.document,
  ).catch((error: unknown) => {
    console.warn('[tag manager] not loaded', error)
  })
  return connectAnalyticsSink((event) => {
    layer.push({ event })
  })
}
