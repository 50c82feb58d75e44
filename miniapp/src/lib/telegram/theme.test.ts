import { describe, expect, it } from 'vitest'

import { applyThemeParams, contrastRatio, MIN_CONTRAST, readableThemeParams, themeCssVariable, themeParamsFromHash } from '@/lib/telegram/theme'

describe('Telegram theme parameters', () => {
  it('map onto the palette variables, the rest onto --tg-theme-*', () => {
    expect(themeCssVariable('bg_color')).toBe('--app-bg')
    expect(themeCssVariable('buttonTextColor')).toBe('--app-button-text')
    expect(themeCssVariable('header_bg_color')).toBe('--tg-theme-header-bg-color')
  })

  it('are read from the launch hash, keeping only colours', () => {
    const params = encodeURIComponent(JSON.stringify({ bg_color: '#ffffff', text_color: '#000000', evil: 'url(x)' }))
    expect(themeParamsFromHash(`#tgWebAppData=x&tgWebAppThemeParams=${params}`)).toEqual({ bg_color: '#ffffff', text_color: '#000000' })
    expect(themeParamsFromHash('#tgWebAppThemeParams=%7Bnot-json')).toEqual({})
  })

  it('paint the page and pick the colour scheme from the background', () => {
    const root = document.createElement('div')
    applyThemeParams({ bg_color: '#ffffff', link_color: '#1d64b0' }, root)
    expect(root.style.getPropertyValue('--app-bg')).toBe('#ffffff')
    expect(root.style.getPropertyValue('--app-link')).toBe('#1d64b0')
    expect(root.style.colorScheme).toBe('light')
    expect(root.dataset.colorMode).toBe('light')
    applyThemeParams({ bg_color: '#17212b' }, root)
    expect(root.style.colorScheme).toBe('dark')
    expect(root.dataset.colorMode).toBe('dark')
  })

  it('are made readable: text colours and the button fill reach 4.5:1, colours that already do stay as they are', () => {
    // Telegram Desktop's dark theme, as a launch reports it.
    const desktopDark = {
      bg_color: '#17212b',
      secondary_bg_color: '#232e3c',
      section_bg_color: '#17212b',
      text_color: '#f5f5f5',
      hint_color: '#708499',
      link_color: '#6ab3f3',
      button_color: '#5288c1',
      button_text_color: '#ffffff',
      accent_text_color: '#6ab2f2',
      destructive_text_color: '#ec3942',
    }
    expect(contrastRatio(desktopDark.button_color, desktopDark.button_text_color)).toBeLessThan(MIN_CONTRAST)
    const readable = readableThemeParams(desktopDark)
    expect(contrastRatio(readable.button_color ?? '', readable.button_text_color ?? '')).toBeGreaterThanOrEqual(MIN_CONTRAST)
    for (const text of ['text_color', 'hint_color', 'link_color', 'accent_text_color', 'destructive_text_color'] as const) {
      for (const background of ['bg_color', 'secondary_bg_color', 'section_bg_color'] as const) {
        expect({ text, background, ratio: contrastRatio(readable[text] ?? '', readable[background] ?? '') >= MIN_CONTRAST }).toEqual({ text, background, ratio: true })
      }
    }
    // Backgrounds and colours that already read are Telegram's own.
    expect(readable).toMatchObject({ bg_color: '#17212b', text_color: '#f5f5f5', link_color: '#6ab3f3', button_text_color: '#ffffff' })
    // A light theme darkens instead, and camel-case keys (the SDK's) are read as well.
    const light = readableThemeParams({ bgColor: '#ffffff', hintColor: '#999999', buttonColor: '#40a7e3', buttonTextColor: '#ffffff' })
    expect(contrastRatio(light.hint_color ?? '', '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST)
    expect(contrastRatio(light.button_color ?? '', '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST)
    expect(contrastRatio(light.hint_color ?? '', '#999999')).toBeLessThan(MIN_CONTRAST * 2)
  })

  it('paint the readable palette', () => {
    const root = document.createElement('div')
    applyThemeParams({ bg_color: '#17212b', button_color: '#5288c1', button_text_color: '#ffffff' }, root)
    const button = root.style.getPropertyValue('--app-button')
    expect(contrastRatio(button, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST)
  })
})
