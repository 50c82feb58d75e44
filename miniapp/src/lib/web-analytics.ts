import { connectAnalyticsSink } from '@/lib/analytics'

/** Microsoft Clarity's command queue, as its snippet defines it before the script arrives. */
type Clarity = ((...command: unknown[]) => void) & { q?: unknown[][] }

function clarityOf(win: Window): Clarity {
  const host = win as unknown as { clarity?: Clarity }
  if (!host.clarity) {
    const queue: Clarity = (...command: unknown[]) => {
      ;(queue.q ??= []).push(command)
    }
    host.clarity = queue
  }
  return host.clarity
}

/**
 * Starts the operator's web analytics with session replay (spec section 7's third-party scripts:
 * Microsoft Clarity, project `id`; main.tsx starts it only when `VITE_CLARITY_ID` is set and after
 * the visitor accepts all cookies): the command queue, the visitor's consent (given by that acceptance,
 * so Clarity may set its cookies), the script, and every analytics event from then on as a Clarity
 * custom event. The player is not identified to it: the replays are for how the screens are used, and
 * Clarity masks what players type by default. A script that does not load is logged and changes
 * nothing else. Returns the function that stops forwarding events.
 */
export function startWebAnalytics(id: string, win: Window = window): () => void {
  const clarity = clarityOf(win)
  clarity('consent')
  // Clarity publishes no global of its own (its script takes over the queue), so this is its
  // snippet's plain script tag rather than lib/load-script's wait for a global.
  const script = win.document.createElement('script')
  script.async = true
  script.src = `https://www.clarity.ms/tag/${encodeURIComponent(id)}`
  script.addEventListener('error', () => {
    script.remove()
    console.warn('[web analytics] not loaded', new Error('The web analytics did not load.'))
  })
  win.document.head.append(script)
  return connectAnalyticsSink((event) => {
    clarityOf(win)('event', event)
  })
}
