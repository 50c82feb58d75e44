import { useEffect, useRef, useSyncExternalStore } from 'react'

import { haptic } from '@/lib/native'

/**
 * Telegram's Main Button for forms: the Telegram feature connects the host's button once its SDK has
 * started (`connectMainButton`); in a browser nothing is connected and forms draw their own buttons.
 * Apart from `lib/native` so the home page's first JavaScript does not carry it: only lazy forms and the
 * SDK's start-up load it.
 */

/** What the Main Button shows: the action's text, whether it can be pressed, and its loader. */
export interface MainButtonState {
  text: string
  enabled: boolean
  progress: boolean
}

export interface MainButtonHost {
  /** Shows the button in this state, or hides it (undefined). */
  draw: (state: MainButtonState | undefined) => void
}

/** A form's primary action on the Main Button: the state it shows and what a press runs. */
export interface MainButtonAction extends MainButtonState {
  onClick: () => void
}

let host: MainButtonHost | undefined

/** Who re-renders when the host connects: the SDK starts after the first render. */
const hostListeners = new Set<() => void>()

/**
 * The forms that want the Main Button, latest last: it shows the latest one's action, and when that
 * form goes the one before it gets the button back (a form in a dialog over a form page).
 */
const claims: { action: MainButtonAction }[] = []

export function connectMainButton(connected: MainButtonHost | undefined): void {
  host = connected
  for (const listener of hostListeners) listener()
}

function subscribeHost(listener: () => void): () => void {
  hostListeners.add(listener)
  return () => {
    hostListeners.delete(listener)
  }
}

function hasHost(): boolean {
  return host !== undefined
}

function draw(): void {
  const top = claims.at(-1)?.action
  host?.draw(top && { text: top.text, enabled: top.enabled, progress: top.progress })
}

/** A press of the Main Button (the SDK calls it): runs the latest form's action unless it is off or busy. */
export function pressMainButton(): void {
  const top = claims.at(-1)?.action
  if (!top?.enabled || top.progress) return
  // As the page's own primary buttons answer a tap.
  haptic('impact')
  top.onClick()
}

/**
 * Puts a form's primary action on the host's Main Button while the caller is mounted, its text, loader
 * and enabled state following `action`, and answers true; answers false where there is no Main Button
 * (a browser, a host that refused it), and the caller draws its own button.
 */
export function useMainButton(action: MainButtonAction): boolean {
  const available = useSyncExternalStore(subscribeHost, hasHost)
  const claim = useRef<{ action: MainButtonAction }>(undefined)
  const latest = useRef(action)
  useEffect(() => {
    latest.current = action
    if (claim.current) claim.current.action = action
  })
  useEffect(() => {
    if (!available) return
    const entry = { action: latest.current }
    claim.current = entry
    claims.push(entry)
    draw()
    return () => {
      claims.splice(claims.indexOf(entry), 1)
      claim.current = undefined
      draw()
    }
  }, [available])
  const { text, enabled, progress } = action
  useEffect(() => {
    if (claim.current && claims.at(-1) === claim.current) draw()
  }, [text, enabled, progress])
  return available
}
