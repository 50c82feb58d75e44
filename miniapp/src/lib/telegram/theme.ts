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

/** WCAG AA for body text: what every text colour keeps against the backgrounds it is drawn on. */
export const MIN_CONTRAST = 4.5

/** The colours drawn as text (or as a fill under background-coloured text, as the danger button is) on the page's backgrounds. */
const TEXT_COLORS = ['text_color', 'hint_color', 'link_color', 'accent_text_color', 'destructive_text_color'] as const
const BACKGROUNDS = ['bg_color', 'secondary_bg_color', 'section_bg_color'] as const

/**
 * The theme as the app paints it: Telegram's colours, each text colour moved just far enough from the
 * backgrounds (towards white on a dark theme, black on a light one) to read at 4.5:1, and the button's
 * fill from its text likewise. Telegram's own themes fall short in places (Desktop's dark button,
 * white on #5288c1, is 3.7:1) and players read prices and amounts on them. Keys may be snake or camel case.
 */
export function readableThemeParams(params: Readonly<Record<string, string>>): Record<string, string> {
  const theme = Object.fromEntries(Object.entries(params).map(([key, color]) => [snakeCase(key), color]))
  const backgrounds = BACKGROUNDS.map((key) => theme[key]).filter((color): color is string => color !== undefined && COLOR.test(color))
  for (const key of TEXT_COLORS) {
    const color = theme[key]
    if (color !== undefined && COLOR.test(color) && backgrounds.length > 0) theme[key] = readableAgainst(color, backgrounds)
  }
  const button = theme.button_color
  const buttonText = theme.button_text_color
  if (button !== undefined && buttonText !== undefined && COLOR.test(button) && COLOR.test(buttonText)) {
    theme.button_color = readableAgainst(button, [buttonText])
  }
  return theme
}

/** `color`, mixed with white or black (away from the backgrounds' lightness) in small steps until it reads on every one of them. */
function readableAgainst(color: string, backgrounds: readonly string[]): string {
  const darkest = Math.min(...backgrounds.map(luminance))
  const brightest = Math.max(...backgrounds.map(luminance))
  // Away from the backgrounds: lighter when they are darker than the colour is bright enough to clear.
  const target: Rgb = luminance(color) >= (darkest + brightest) / 2 ? [255, 255, 255] : [0, 0, 0]
  const start = rgb(color)
  for (let step = 0; step <= 20; step += 1) {
    const mixed = mix(start, target, step / 20)
    if (backgrounds.every((background) => contrast(relativeLuminance(mixed), luminance(background)) >= MIN_CONTRAST)) {
      return step === 0 ? color : hex(mixed)
    }
  }
  return hex(target)
}

type Rgb = [number, number, number]

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

function rgb(color: string): Rgb {
  const digits = color.slice(1)
  const full = digits.length === 3 || digits.length === 4 ? digits.slice(0, 3).replace(/./g, '$&$&') : digits.slice(0, 6)
  return [0, 2, 4].map((offset) => parseInt(full.slice(offset, offset + 2), 16)) as Rgb
}

function hex(color: Rgb): string {
  return `#${color.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

function mix([r, g, b]: Rgb, [toR, toG, toB]: Rgb, share: number): Rgb {
  return [r + (toR - r) * share, g + (toG - g) * share, b + (toB - b) * share]
}

/** WCAG relative luminance. */
function relativeLuminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => {
    const value = Math.round(channel) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function luminance(color: string): number {
  return relativeLuminance(rgb(color))
}

/** WCAG contrast ratio of two relative luminances. */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(first: string, second: string): number {
  return contrast(luminance(first), luminance(second))
}

/**
 * Paints the theme (the launch's at once, before the SDK loads, so the first frame already matches
 * Telegram; later the SDK's live one): palette variables made readable, the colour scheme by the
 * background's lightness, and the theme colour.
 */
export function applyThemeParams(params: Readonly<Record<string, string>>, root: HTMLElement = document.documentElement): void {
  params = readableThemeParams(params)
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
