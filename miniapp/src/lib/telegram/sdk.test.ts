import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  addNativeToHomeScreen,
  canAddToHomeScreen,
  connectNativeBridge,
  haptic,
  openNativeTelegramLink,
  setNativeBackButton,
} from '@/lib/native'
import { connectMainButton, useMainButton } from '@/lib/main-button'

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
  shareMessage: sdkFunction('shareMessage', Promise.resolve()),
  addToHomeScreen: sdkFunction('addToHomeScreen'),
  isMainButtonMounted: () => mainButton.mounted,
  mountMainButton: Object.assign(
    vi.fn(() => {
      calls.push('mountMainButton')
      mainButton.mounted = true
    }),
    { isAvailable: () => true },
  ),
  setMainButtonParams: Object.assign(
    vi.fn((params: unknown) => {
      calls.push(`setMainButtonParams(${JSON.stringify(params)})`)
    }),
    { isAvailable: () => true },
  ),
  onMainButtonClick: vi.fn((listener: () => void) => {
    calls.push('onMainButtonClick')
    mainButton.press = listener
  }),
}))

/** The Main Button as the mocked host has it. */
const mainButton: { mounted: boolean; press: () => void } = { mounted: false, press: () => undefined }

afterEach(() => {
  connectNativeBridge(undefined)
  connectMainButton(undefined)
  mainButton.mounted = false
  document.documentElement.removeAttribute('style')
  delete document.documentElement.dataset.colorMode
})

describe('the Telegram start-up', () => {
  it('mounts what the app uses, keeps swipes from collapsing it, and says ready last', async () => {
    const { startTelegramSdk } = await import('@/lib/telegram/sdk')
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
      // Mounted hidden, until a form asks for it.
      'mountMainButton',
      'setMainButtonParams({"isVisible":false})',
      'onMainButtonClick',
      // The bridge connects with no process asking for a confirmation.
      'disableClosingConfirmation',
      'miniAppReady',
    ])
  })

  it("follows the messenger's light and dark switches", async () => {
    const { startTelegramSdk } = await import('@/lib/telegram/sdk')
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
    const { startTelegramSdk } = await import('@/lib/telegram/sdk')
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
    const { startTelegramSdk } = await import('@/lib/telegram/sdk')
    await startTelegramSdk()
    calls.length = 0

    expect(openNativeTelegramLink('https://t.me/news')).toBe(true)
    expect(canAddToHomeScreen()).toBe(true)
    expect(addNativeToHomeScreen()).toBe(true)
    expect(calls).toEqual(['openTelegramLink(https://t.me/news)', 'addToHomeScreen'])
  })

  it('puts the latest form’s action on the Main Button, follows its state, and gives the button back to the form before it', async () => {
    const { startTelegramSdk } = await import('@/lib/telegram/sdk')
    await startTelegramSdk()
    calls.length = 0
    const savePage = vi.fn()
    const saveDialog = vi.fn()
    const page = renderHook((props: { progress: boolean }) => useMainButton({ text: 'Save', enabled: true, progress: props.progress, onClick: savePage }), {
      initialProps: { progress: false },
    })
    expect(page.result.current).toBe(true)
    expect(calls.at(-1)).toBe('setMainButtonParams({"text":"Save","isEnabled":true,"isLoaderVisible":false,"isVisible":true})')
    mainButton.press()
    expect(savePage).toHaveBeenCalledTimes(1)
    // Busy: the loader shows and a second press does nothing.
    page.rerender({ progress: true })
    expect(calls.at(-1)).toBe('setMainButtonParams({"text":"Save","isEnabled":false,"isLoaderVisible":true,"isVisible":true})')
    mainButton.press()
    expect(savePage).toHaveBeenCalledTimes(1)
    page.rerender({ progress: false })

    const dialog = renderHook(() => useMainButton({ text: 'Set limit', enabled: true, progress: false, onClick: saveDialog }))
    expect(calls.at(-1)).toContain('"text":"Set limit"')
    mainButton.press()
    expect(saveDialog).toHaveBeenCalledTimes(1)
    dialog.unmount()
    expect(calls.at(-1)).toContain('"text":"Save"')
    mainButton.press()
    expect(savePage).toHaveBeenCalledTimes(2)
    page.unmount()
    expect(calls.at(-1)).toBe('setMainButtonParams({"isVisible":false,"isLoaderVisible":false})')
  })

  it('leaves forms their own buttons in a browser', () => {
    const { result } = renderHook(() => useMainButton({ text: 'Save', enabled: true, progress: false, onClick: () => undefined }))
    expect(result.current).toBe(false)
  })
})
