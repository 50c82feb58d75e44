import { describe, expect, it } from 'vitest'

import { applyThemeParams, themeCssVariable, themeParamsFromHash } from '@/features/telegram/theme'

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
    applyThemeParams({ bg_color: '#ffffff', link_color: '#2481cc' }, root)
    expect(root.style.getPropertyValue('--app-bg')).toBe('#ffffff')
    expect(root.style.getPropertyValue('--app-link')).toBe('#2481cc')
    expect(root.style.colorScheme).toBe('light')
    expect(root.dataset.colorMode).toBe('light')
    applyThemeParams({ bg_color: '#17212b' }, root)
    expect(root.style.colorScheme).toBe('dark')
    expect(root.dataset.colorMode).toBe('dark')
  })
})
