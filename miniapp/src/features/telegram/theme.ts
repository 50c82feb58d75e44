/** Telegram's theme parameters (snake_case, as in the launch URL) mapped onto the palette variables. */
const PALETTE: Readonly<Record<string, string>> = {
  bg_color: '--app-bg',
  secondary_bg_color: '--app-secondary-bg',
  section_bg_color: '--app-section-bg',
  text_color: '--app-text',
  hint_color: '--app-hint',
  link_color: '--app-link',
  button_color: '--app-button',
  button_text_color: '--app-button-text',
  accent_text_color: '--app-accent',
  destructive_text_color: '--app-destructive',
}

const COLOR = /^#[0-9a-f]{3,8}$/i

/** The CSS variable a theme parameter sets: the palette's own, or `--tg-theme-*` for the rest. */
export function themeCssVariable(key: string): string {
  const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
  return PALETTE[snake] ?? `--tg-theme-${snake.replaceAll('_', '-')}`
}

/** Reads `tgWebAppThemeParams` from a launch hash; empty when absent or unreadable. */
export function themeParamsFromHash(hash: string): Record<string, string> {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppThemeParams')
  if (!raw) return {}
  try {
    const parsed = JSON.parse(raw) as unknown
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && COLOR.test(entry[1])),
    )
  } catch {
    return {}
  }
}

/**
 * Paints the launch's theme at once (before the SDK loads, so the first frame already matches
 * Telegram): palette variables, the colour scheme by the background's lightness, and the theme colour.
 */
export function applyThemeParams(params: Readonly<Record<string, string>>, root: HTMLElement = document.documentElement): void {
  for (const [key, color] of Object.entries(params)) root.style.setProperty(themeCssVariable(key), color)
  const background = params.bg_color
  if (background) {
    applyColorScheme(isDark(background) ? 'dark' : 'light', root)
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background)
  }
}

/** The messenger's light or dark scheme: form controls follow it, and colours the theme leaves out come from the matching palette of index.css. */
export function applyColorScheme(mode: 'light' | 'dark', root: HTMLElement = document.documentElement): void {
  root.style.colorScheme = mode
  root.dataset.colorMode = mode
}

function isDark(hex: string): boolean {
  const digits = hex.slice(1)
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits.slice(0, 6)
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((offset) => parseInt(full.slice(offset, offset + 2), 16))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128
}
