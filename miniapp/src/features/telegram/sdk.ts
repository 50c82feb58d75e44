/** Telegram's theme parameters by name, mapped onto the palette variables the Tailwind theme reads. */
const PALETTE: Readonly<Record<string, string>> = {
  bgColor: '--app-bg',
  secondaryBgColor: '--app-secondary-bg',
  sectionBgColor: '--app-section-bg',
  textColor: '--app-text',
  hintColor: '--app-hint',
  linkColor: '--app-link',
  buttonColor: '--app-button',
  buttonTextColor: '--app-button-text',
  accentTextColor: '--app-accent',
  destructiveTextColor: '--app-destructive',
}

/** The CSS variable a theme parameter sets: the palette's own, or `--tg-theme-*` for the rest. */
export function themeCssVariable(key: string): string {
  return PALETTE[key] ?? `--tg-theme-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/**
 * Loads the Telegram SDK (only Telegram mode pays for it), initialises it, mounts the mini app, binds
 * the theme parameters to the palette and the viewport to CSS variables, and tells Telegram the app is
 * ready. Failures are logged: the app works without them, in its own palette.
 */
export async function startTelegramSdk(): Promise<void> {
  const sdk = await import('@telegram-apps/sdk-react')
  try {
    sdk.init()
    if (sdk.mountMiniAppSync.isAvailable()) sdk.mountMiniAppSync()
    if (sdk.mountThemeParamsSync.isAvailable()) sdk.mountThemeParamsSync()
    if (sdk.bindThemeParamsCssVars.isAvailable()) sdk.bindThemeParamsCssVars(themeCssVariable)
    document.documentElement.style.colorScheme = sdk.isThemeParamsDark() ? 'dark' : 'light'
    if (sdk.mountViewport.isAvailable()) {
      await sdk.mountViewport()
      if (sdk.bindViewportCssVars.isAvailable()) sdk.bindViewportCssVars()
      if (sdk.expandViewport.isAvailable()) sdk.expandViewport()
    }
    if (sdk.mountSwipeBehavior.isAvailable()) sdk.mountSwipeBehavior()
    if (sdk.miniAppReady.isAvailable()) sdk.miniAppReady()
  } catch (error) {
    console.warn('[telegram] the SDK did not start', error)
  }
}
