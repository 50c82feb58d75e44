import { useEffect, useSyncExternalStore } from 'react'

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
  /**
   * Telegram's share dialog for a message the bot prepared (`shareMessage`, Bot API 8.0): true once it
   * was sent, false when the player closed the dialog or it failed. Absent where the client cannot.
   */
  shareMessage?: (preparedId: string) => Promise<boolean>
  /**
   * Telegram's chat picker with `@<bot> <query>` in the chosen chat's input (`switchInlineQuery`); false
   * when the client cannot (the launch was not in a bot with inline mode).
   */
  switchInlineQuery?: (query: string) => boolean
  /** Opens an outside address in the host's browser (Telegram's `openLink`); false when the client cannot. */
  openLink?: (url: string) => boolean
  /** Opens a `t.me` address inside Telegram itself (`openTelegramLink`); false when the client cannot. */
  openTelegramLink?: (url: string) => boolean
  /** Offers the mini app's icon on the device's home screen (Bot API 8.0+); false when the client cannot. */
  addToHomeScreen?: () => boolean
  /**
   * Asks the player to let the bot write to them (Telegram's `requestWriteAccess`): true when they allow
   * it, false when they decline, undefined when the client cannot ask.
   */
  requestWriteAccess?: () => Promise<boolean | undefined>
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

/** The connected host, for a lazy feature that needs what the helpers here leave out (kept out of them: this module is on the home page). */
export function nativeBridge(): NativeBridge | undefined {
  return bridge
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

/** Telegram's write-access prompt: true when allowed, false when declined, undefined in a browser or when the client cannot ask. */
export async function requestNativeWriteAccess(): Promise<boolean | undefined> {
  return bridge?.requestWriteAccess?.()
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
