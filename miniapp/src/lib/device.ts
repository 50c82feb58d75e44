import { useSyncExternalStore } from 'react'

import { debounce } from '@/lib/debounce'

/**
 * The device flags of the spec's UI state (section 3): phone, tablet (together "mobile"), desktop, iOS,
 * Android and crawler. They come from the browser's user agent and the window's width: a window below the
 * header's mobile breakpoint (528 px, section 9) is laid out and played as a phone's whatever the agent
 * says (Telegram Desktop's Mini App window is one). A resize refreshes them 50 ms after it stops.
 */
export interface Device {
  phone: boolean
  tablet: boolean
  /** A phone or a tablet: the sportsbook's platform 1, the histories' sheet of filters, the `mobile-game` notice. */
  mobile: boolean
  desktop: boolean
  ios: boolean
  android: boolean
  /** A search engine's or a link preview's robot. */
  crawler: boolean
}

interface Browser {
  userAgent: string
  /** The window's width in CSS pixels. */
  width: number
  /** `navigator.maxTouchPoints`: an iPad asks for the desktop site with a Mac's agent, but has touch. */
  touchPoints: number
}

const PHONE_MAX_WIDTH = 527
const TABLET_MAX_WIDTH = 1023
/** Spec section 9, "window resize device refresh delay". */
const DEVICE_REFRESH_DELAY_MS = 50

const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|whatsapp|vkshare|preview|lighthouse/i

export function detectDevice({ userAgent, width, touchPoints }: Browser): Device {
  const desktopIpad = userAgent.includes('Macintosh') && touchPoints > 1
  const ios = /iPhone|iPad|iPod/.test(userAgent) || desktopIpad
  const android = userAgent.includes('Android')
  const tabletAgent = /iPad|Tablet|PlayBook|Silk|Kindle/.test(userAgent) || (android && !userAgent.includes('Mobile')) || desktopIpad
  const phoneAgent = !tabletAgent && /iPhone|iPod|Mobile|Opera Mini|BlackBerry/.test(userAgent)
  const phone = phoneAgent || width <= PHONE_MAX_WIDTH
  const tablet = !phone && (tabletAgent || (touchPoints > 0 && width <= TABLET_MAX_WIDTH))
  return { phone, tablet, mobile: phone || tablet, desktop: !phone && !tablet, ios, android, crawler: CRAWLER.test(userAgent) }
}

function browserNow(): Browser {
  return { userAgent: navigator.userAgent, width: window.innerWidth, touchPoints: navigator.maxTouchPoints }
}

let current: Device | undefined
const listeners = new Set<() => void>()

function same(a: Device, b: Device): boolean {
  return (Object.keys(a) as (keyof Device)[]).every((flag) => a[flag] === b[flag])
}

const refresh = debounce(() => {
  const next = detectDevice(browserNow())
  if (current && same(current, next)) return
  current = next
  for (const listener of listeners) listener()
}, DEVICE_REFRESH_DELAY_MS)

/** The flags now (as of the last resize that settled). */
export function currentDevice(): Device {
  if (current === undefined) {
    current = detectDevice(browserNow())
    window.addEventListener('resize', refresh)
  }
  return current
}

function subscribe(listener: () => void): () => void {
  currentDevice()
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The flags, re-rendering when a resize changes them. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice)
}

/** Forgets the flags and stops watching resizes (tests change the window). */
export function resetDevice(): void {
  refresh.cancel()
  window.removeEventListener('resize', refresh)
  current = undefined
}
