import { useSyncExternalStore } from 'react'

/** Chromium's `beforeinstallprompt` event: the browser's own install dialog, kept for when the player asks. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: InstallPromptEvent | undefined
let installed = false
const listeners = new Set<() => void>()

function changed(): void {
  for (const listener of listeners) listener()
}

/**
 * Keeps the browser's install prompt instead of letting it show on its own (from start-up: the event
 * fires once, early), so the `install-app` dialog can offer it when the player asks.
 */
export function captureInstallPrompt(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    changed()
  })
  win.addEventListener('appinstalled', () => {
    deferred = undefined
    installed = true
    changed()
  })
}

/** Shows the browser's install dialog; answers whether the player accepted (false when there is none). */
export async function promptInstall(): Promise<boolean> {
  const event = deferred
  if (!event) return false
  deferred = undefined
  changed()
  await event.prompt()
  const { outcome } = await event.userChoice
  return outcome === 'accepted'
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Whether the browser offers its install dialog now, and whether the app was just installed. */
export function useInstallPrompt(): { available: boolean; installed: boolean } {
  const available = useSyncExternalStore(subscribe, () => deferred !== undefined)
  const done = useSyncExternalStore(subscribe, () => installed)
  return { available, installed: done }
}
