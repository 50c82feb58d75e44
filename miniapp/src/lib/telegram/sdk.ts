import { applyColorScheme, applyThemeParams, themeParamsFromHash } from '@/lib/telegram/theme'
import type { MainButtonHost } from '@/lib/main-button'
import { connectNativeBridge } from '@/lib/native'

/**
 * Loads the Telegram SDK (only Telegram mode pays for it), initialises it, mounts the mini app, binds
 * the theme parameters to the palette and the viewport to CSS variables, connects the native bridge
 * (haptics, back button, closing confirmation), and tells Telegram the app is ready. Failures are logged: the app works without them, in the launch's theme (`theme.ts`).
 */
export async function startTelegramSdk(): Promise<void> {
  // The launch's own theme (index.html painted it before any script; this keeps the two in step and
  // covers a launch whose parameters only the SDK reads), then the SDK's live one.
  applyThemeParams(themeParamsFromHash(window.location.hash))
  const sdk = await import('@telegram-apps/sdk-react')
  try {
    sdk.init()
    if (sdk.mountMiniAppSync.isAvailable()) sdk.mountMiniAppSync()
    if (sdk.mountThemeParamsSync.isAvailable()) sdk.mountThemeParamsSync()
    if (sdk.isThemeParamsMounted()) {
      // Painted by the app, not bound by the SDK: the palette is Telegram's made readable (theme.ts).
      const applyPalette = () => {
        applyThemeParams(onlyColors(sdk.themeParamsState()))
      }
      applyPalette()
      sdk.themeParamsState.sub(applyPalette)
      // The messenger's theme may switch while the app is open (a scheduled night mode): follow it.
      const applyScheme = () => {
        applyColorScheme(sdk.isThemeParamsDark() ? 'dark' : 'light')
      }
      applyScheme()
      sdk.isThemeParamsDark.sub(applyScheme)
    }
    if (sdk.mountViewport.isAvailable()) {
      await sdk.mountViewport()
      if (sdk.bindViewportCssVars.isAvailable()) sdk.bindViewportCssVars()
      if (sdk.expandViewport.isAvailable()) sdk.expandViewport()
    }
    if (sdk.mountSwipeBehavior.isAvailable()) sdk.mountSwipeBehavior()
    // A swipe down would otherwise collapse the app: players scroll the lobby and swipe inside games, and
    // losing a game mid-round to a scroll gesture is worse than closing with Telegram's own button.
    if (sdk.disableVerticalSwipes.isAvailable()) sdk.disableVerticalSwipes()
    if (sdk.mountBackButton.isAvailable()) sdk.mountBackButton()
    if (sdk.mountClosingBehavior.isAvailable()) sdk.mountClosingBehavior()
    // Loaded here, in Telegram only, to keep it out of the home page's first JavaScript.
    const { connectMainButton, pressMainButton } = await import('@/lib/main-button')
    connectMainButton(mountedMainButton(sdk, pressMainButton))
    let offBack: (() => void) | undefined
    connectNativeBridge({
      haptic: (kind) => {
        if (kind === 'impact' && sdk.hapticFeedbackImpactOccurred.isAvailable()) sdk.hapticFeedbackImpactOccurred('light')
        if (kind !== 'impact' && sdk.hapticFeedbackNotificationOccurred.isAvailable()) sdk.hapticFeedbackNotificationOccurred(kind)
      },
      setBackButton: (onBack) => {
        offBack?.()
        offBack = undefined
        if (!sdk.isBackButtonMounted()) return
        if (onBack) {
          offBack = sdk.onBackButtonClick(onBack)
          sdk.showBackButton()
        } else {
          sdk.hideBackButton()
        }
      },
      requestFullscreen: async () => {
        if (!sdk.requestFullscreen.isAvailable()) return false
        try {
          await sdk.requestFullscreen()
          return true
        } catch (error) {
          console.warn('[telegram] full screen was refused', error)
          return false
        }
      },
      exitFullscreen: async () => {
        if (sdk.isFullscreen() && sdk.exitFullscreen.isAvailable()) await sdk.exitFullscreen().catch(() => undefined)
      },
      shareLink: (url, text) => {
        if (!sdk.shareURL.isAvailable()) return false
        sdk.shareURL(url, text)
        return true
      },
      // Only where the client supports it, so the referral page can choose another way to share.
      ...(sdk.shareMessage.isAvailable()
        ? {
            shareMessage: async (preparedId: string) => {
              try {
                await sdk.shareMessage(preparedId)
                return true
              } catch (error) {
                console.warn('[telegram] the prepared message was not shared', error)
                return false
              }
            },
          }
        : {}),
      switchInlineQuery: (query) => {
        if (!sdk.switchInlineQuery.isAvailable()) return false
        sdk.switchInlineQuery(query, ['users', 'groups', 'channels'])
        return true
      },
      openLink: (url) => {
        if (!sdk.openLink.isAvailable()) return false
        sdk.openLink(url)
        return true
      },
      openTelegramLink: (url) => {
        if (!sdk.openTelegramLink.isAvailable()) return false
        sdk.openTelegramLink(url)
        return true
      },
      // Only where the client supports it, so the install dialog can say what it offers.
      ...(sdk.addToHomeScreen.isAvailable()
        ? {
            addToHomeScreen: () => {
              sdk.addToHomeScreen()
              return true
            },
          }
        : {}),
      requestWriteAccess: async () => {
        if (!sdk.requestWriteAccess.isAvailable()) return undefined
        try {
          return (await sdk.requestWriteAccess()) === 'allowed'
        } catch (error) {
          console.warn('[telegram] the write access prompt failed', error)
          return undefined
        }
      },
      setClosingConfirmation: (enabled) => {
        if (!sdk.isClosingBehaviorMounted()) return
        if (enabled) sdk.enableClosingConfirmation()
        else sdk.disableClosingConfirmation()
      },
    })
    if (sdk.miniAppReady.isAvailable()) sdk.miniAppReady()
  } catch (error) {
    console.warn('[telegram] the SDK did not start', error)
  }
}

/**
 * Telegram's Main Button, mounted and hidden, its presses going to the form that holds it
 * (`lib/main-button`); none where the host does not take the first update (a browser tab with a stale
 * launch), and forms keep their own buttons. A later update the host refuses leaves the form as it is.
 */
function mountedMainButton(sdk: typeof import('@telegram-apps/sdk-react'), pressMainButton: () => void): MainButtonHost | undefined {
  try {
    if (!sdk.isMainButtonMounted() && sdk.mountMainButton.isAvailable()) sdk.mountMainButton()
    if (!sdk.isMainButtonMounted() || !sdk.setMainButtonParams.isAvailable()) return undefined
    sdk.setMainButtonParams({ isVisible: false })
    sdk.onMainButtonClick(pressMainButton)
  } catch (error) {
    console.warn('[telegram] the Main Button is not available', error)
    return undefined
  }
  return {
    draw: (state) => {
      try {
        sdk.setMainButtonParams(
          state
            ? { text: state.text, isEnabled: state.enabled && !state.progress, isLoaderVisible: state.progress, isVisible: true }
            : { isVisible: false, isLoaderVisible: false },
        )
      } catch (error) {
        console.warn('[telegram] the Main Button did not update', error)
      }
    },
  }
}

/** The SDK's theme state without the keys it left unset. */
function onlyColors(state: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(state).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}
