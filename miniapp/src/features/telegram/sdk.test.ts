import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  addNativeToHomeScreen,
  canAddToHomeScreen,
  connectNativeBridge,
  haptic,
  openNativeTelegramLink,
  setNativeBackButton,
} from '@/lib/native'

/** Every SDK function the start-up uses, available, recording its calls in order. */
const calls: string[] = []
let dark = true
const darkListeners: (() => void)[] = []

function sdkFunction(name: string, result?: unknown) {
  return Object.assign(
    vi.fn((...args: unknown[]) => {
      calls.push(args.length > 0 && typeof args[0] !== 'function' ? `${name}(${String(args[0])})` : name)
      return result
    }),
    { isAvailable: () => true },
  )
}

vi.mock('@telegram-apps/sdk-react', () => ({
  init: sdkFunction('init'),
  mountMiniAppSync: sdkFunction('mountMiniAppSync'),
  mountThemeParamsSync: sdkFunction('mountThemeParamsSync'),
  themeParamsState: Object.assign(() => ({ bgColor: '#17212b', buttonColor: '#5288c1', buttonTextColor: '#ffffff', headerBgColor: undefined }), {
    sub: vi.fn(),
  }),
  isThemeParamsMounted: () => true,
  isThemeParamsDark: Object.assign(() => dark, {
    sub: (listener: () => void) => {
      darkListeners.push(listener)
    },
  }),
  mountViewport: sdkFunction('mountViewport', Promise.resolve()),
  bindViewportCssVars: sdkFunction('bindViewportCssVars'),
  expandViewport: sdkFunction('expandViewport'),
  mountSwipeBehavior: sdkFunction('mountSwipeBehavior'),
  disableVerticalSwipes: sdkFunction('disableVerticalSwipes'),
  mountBackButton: sdkFunction('mountBackButton'),
  mountClosingBehavior: sdkFunction('mountClosingBehavior'),
  hapticFeedbackImpactOccurred: sdkFunction('hapticFeedbackImpactOccurred'),
  hapticFeedbackNotificationOccurred: sdkFunction('hapticFeedbackNotificationOccurred'),
  isBackButtonMounted: () => true,
  onBackButtonClick: sdkFunction('onBackButtonClick', () => calls.push('offBackButtonClick')),
  showBackButton: sdkFunction('showBackButton'),
  hideBackButton: sdkFunction('hideBackButton'),
  isClosingBehaviorMounted: () => true,
  enableClosingConfirmation: sdkFunction('enableClosingConfirmation'),
  disableClosingConfirmation: sdkFunction('disableClosingConfirmation'),
  miniAppReady: sdkFunction('miniAppReady'),
  openLink: sdkFunction('openLink'),
  openTelegramLink: sdkFunction('openTelegramLink'),
  addToHomeScreen: sdkFunction('addToHomeScreen'),
}))

afterEach(() => {
  connectNativeBridge(undefined)
  document.documentElement.removeAttribute('style')
  delete document.documentElement.dataset.colorMode
})

describe('the Telegram start-up', () => {
  it('mounts what the app uses, keeps swipes from collapsing it, and says ready last', async () => {
    const { startTelegramSdk } = await import('@/features/telegram/sdk')
    await startTelegramSdk()

    // The SDK's theme, painted readable: Telegram Desktop's dark button darkened to carry white text.
    expect(document.documentElement.style.getPropertyValue('--app-bg')).toBe('#17212b')
    expect(document.documentElement.style.getPropertyValue('--app-button')).not.toBe('#5288c1')
    expect(calls).toEqual([
      'init',
      'mountMiniAppSync',
      'mountThemeParamsSync',
      'mountViewport',
      'bindViewportCssVars',
      'expandViewport',
      'mountSwipeBehavior',
      'disableVerticalSwipes',
      'mountBackButton',
      'mountClosingBehavior',
      // The bridge connects with no process asking for a confirmation.
      'disableClosingConfirmation',
      'miniAppReady',
    ])
  })

  it("follows the messenger's light and dark switches", async () => {
    const { startTelegramSdk } = await import('@/features/telegram/sdk')
    dark = true
    await startTelegramSdk()
    expect(document.documentElement.dataset.colorMode).toBe('dark')
    expect(document.documentElement.style.colorScheme).toBe('dark')

    dark = false
    for (const listener of darkListeners) listener()
    expect(document.documentElement.dataset.colorMode).toBe('light')
    expect(document.documentElement.style.colorScheme).toBe('light')
  })

  it('drives haptics, the back button and the closing confirmation through the native bridge', async () => {
    const { startTelegramSdk } = await import('@/features/telegram/sdk')
    await startTelegramSdk()
    calls.length = 0

    haptic('impact')
    haptic('error')
    setNativeBackButton(() => undefined)
    setNativeBackButton(undefined)

    expect(calls).toEqual([
      'hapticFeedbackImpactOccurred(light)',
      'hapticFeedbackNotificationOccurred(error)',
      'onBackButtonClick',
      'showBackButton',
      'offBackButtonClick',
      'hideBackButton',
    ])
  })

  it('opens Telegram addresses in the messenger and offers the home-screen icon where the client can', async () => {
    expect(canAddToHomeScreen()).toBe(false)
    expect(openNativeTelegramLink('https://t.me/news')).toBe(false)
    const { startTelegramSdk } = await import('@/features/telegram/sdk')
    await startTelegramSdk()
    calls.length = 0

    expect(openNativeTelegramLink('https://t.me/news')).toBe(true)
    expect(canAddToHomeScreen()).toBe(true)
    expect(addNativeToHomeScreen()).toBe(true)
    expect(calls).toEqual(['openTelegramLink(https://t.me/news)', 'addToHomeScreen'])
  })
})
