import { type ReactNode, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange)
  return () => {
    document.removeEventListener('fullscreenchange', onChange)
  }
}

/** The element the browser shows in full screen (the Fullscreen API's), or null. */
export function useFullscreenElement(): Element | null {
  return useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement,
    () => null,
  )
}

/**
 * Notices drawn over the page (toasts, the level-up): while an element is in the browser's full screen
 * (the game's stage) nothing outside it is shown, however high its z-index, so they move into it and
 * back. Telegram's own full screen is the whole webview and needs nothing.
 */
export function AboveFullscreen({ children }: { children: ReactNode }) {
  const element = useFullscreenElement()
  return element ? createPortal(children, element) : children
}
