import { useEffect, useRef, useSyncExternalStore } from 'react'

/**
 * What the host app can do for the page: Telegram's haptics, back button and closing confirmation. The
 * Telegram feature connects an implementation once its SDK has started; in a browser nothing is
 * connected and every call is a no-op, so shared components can ask without knowing the mode.
 */
export interface NativeBridge {
  haptic: (kind: HapticKind) => void
  /** Shows the host's back button calling `onBack`, or hides it (undefined). */
  setBackButton: (onBack: (() => void) | undefined) => void
  setClosingConfirmation: (enabled: boolean) => void
  /** Telegram's own full screen (Bot API 8.0+); false when the client cannot. */
  requestFullscreen?: () => Promise<boolean>
  exitFullscreen?: () => Promise<void>
  /** Telegram's share sheet for a link and its text (`shareURL`); false when the client cannot. */
  shareLink?: (url: string, text: string) => boolean
  /** Opens an outside address in the host's browser (Telegram's `openLink`); false when the client cannot. */
  openLink?: (url: string) => boolean
  /** Opens a `t.me` address inside Telegram itself (`openTelegramLink`); false when the client cannot. */
  openTelegramLink?: (url: string) => boolean
  /** Offers the mini app's icon on the device's home screen (Bot API 8.0+); false when the client cannot. */
  addToHomeScreen?: () => boolean
  /** Telegram's Main Button, where the host draws one; its presses come back through `pressMainButton`. */
  mainButton?: MainButtonHost
}

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

/** A tap on a primary action, a success, or an error. */
export type HapticKind = 'impact' | 'success' | 'error'

let bridge: NativeBridge | undefined
let closingConfirmations = 0

/** Who re-renders when the bridge connects: the SDK starts after the first render. */
const bridgeListeners = new Set<() => void>()

export function connectNativeBridge(connected: NativeBridge | undefined): void {
  bridge = connected
  bridge?.setClosingConfirmation(closingConfirmations > 0)
  for (const listener of bridgeListeners) listener()
}

function subscribeBridge(listener: () => void): () => void {
  bridgeListeners.add(listener)
  return () => {
    bridgeListeners.delete(listener)
  }
}

export function haptic(kind: HapticKind): void {
  bridge?.haptic(kind)
}

/** Shares a link through the host (Telegram's chat picker); false in a browser or when the host cannot. */
export function shareNativeLink(url: string, text: string): boolean {
  return bridge?.shareLink?.(url, text) ?? false
}

/** Opens an outside address through the host (inside Telegram a web view must not navigate away); false in a browser. */
export function openNativeLink(url: string): boolean {
  return bridge?.openLink?.(url) ?? false
}

/** Opens a Telegram address in Telegram (a channel, a chat) without leaving the mini app; false in a browser. */
export function openNativeTelegramLink(url: string): boolean {
  return bridge?.openTelegramLink?.(url) ?? false
}

/** Whether the host can put the app on the home screen (Telegram 8.0+). */
export function canAddToHomeScreen(): boolean {
  return bridge?.addToHomeScreen !== undefined
}

/** `canAddToHomeScreen`, kept current: true once Telegram's SDK has connected a client that can. */
export function useCanAddToHomeScreen(): boolean {
  return useSyncExternalStore(subscribeBridge, canAddToHomeScreen)
}

/** Asks the host to put the app on the home screen; false in a browser or when the client cannot. */
export function addNativeToHomeScreen(): boolean {
  return bridge?.addToHomeScreen?.() ?? false
}

/**
 * The forms that want the Main Button, latest last: it shows the latest one's action, and when that
 * form goes the one before it gets the button back (a form in a dialog over a form page).
 */
const mainButtonClaims: { action: MainButtonAction }[] = []

function drawMainButton(): void {
  const top = mainButtonClaims.at(-1)?.action
  bridge?.mainButton?.draw(top && { text: top.text, enabled: top.enabled, progress: top.progress })
}

/** A press of the Main Button (the SDK calls it): runs the latest form's action unless it is off or busy. */
export function pressMainButton(): void {
  const top = mainButtonClaims.at(-1)?.action
  if (!top?.enabled || top.progress) return
  // As the page's own primary buttons answer a tap.
  haptic('impact')
  top.onClick()
}

function hasMainButton(): boolean {
  return bridge?.mainButton !== undefined
}

/**
 * Puts a form's primary action on the host's Main Button while the caller is mounted, its text, loader
 * and enabled state following `action`, and answers true; answers false where there is no Main Button
 * (a browser, a host that refused it), and the caller draws its own button.
 */
export function useMainButton(action: MainButtonAction): boolean {
  const available = useSyncExternalStore(subscribeBridge, hasMainButton)
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
    mainButtonClaims.push(entry)
    drawMainButton()
    return () => {
      mainButtonClaims.splice(mainButtonClaims.indexOf(entry), 1)
      claim.current = undefined
      drawMainButton()
    }
  }, [available])
  const { text, enabled, progress } = action
  useEffect(() => {
    if (claim.current && mainButtonClaims.at(-1) === claim.current) drawMainButton()
  }, [text, enabled, progress])
  return available
}

export function setNativeBackButton(onBack: (() => void) | undefined): void {
  bridge?.setBackButton(onBack)
}

/** While `active`, closing the app asks the player first (a process would be lost: a deposit, a code on its way). */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return
    closingConfirmations += 1
    bridge?.setClosingConfirmation(true)
    return () => {
      closingConfirmations -= 1
      if (closingConfirmations === 0) bridge?.setClosingConfirmation(false)
    }
  }, [active])
}

/**
 * Asks the host app for full screen (Telegram's `requestFullscreen` where the client supports it);
 * false when there is no host or it cannot, so the caller falls back to the browser's Fullscreen API.
 */
export async function requestNativeFullscreen(): Promise<boolean> {
  return (await bridge?.requestFullscreen?.()) ?? false
}

export async function exitNativeFullscreen(): Promise<void> {
  await bridge?.exitFullscreen?.()
}
