import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/config/env'

describe('parseEnv', () => {
  it('fills in defaults', () => {
    expect(parseEnv({ MODE: 'production' })).toEqual({
      MODE: 'production',
      VITE_APP_NAME: 'Sandbox Casino',
      VITE_SUPPORT_URL: 'mailto:support@example.com',
      VITE_PAGE_PRELOADER_DELAY_MS: 1000,
      VITE_SUMSUB_SDK_URL: '/sandbox/sumsub/websdk.js',
      VITE_SPORTSBOOK_SCRIPT_URL: '/sandbox/sportsbook/wsdk.js',
      VITE_SPORTSBOOK_INTEGRATION: 'sandbox',
      VITE_PIXEL_URL: '/sandbox/pixel',
      VITE_CAPTCHA: 'v2',
      VITE_CAPTCHA_SITE_KEY: 'sandbox',
      VITE_CAPTCHA_SCRIPT_URL: '/sandbox/captcha/api.js',
      VITE_CHAT_HOST: '/sandbox/chat',
      VITE_CHAT_TOKEN: 'sandbox',
    })
  })

  it('fails loudly on a bad value, naming it', () => {
    expect(() => parseEnv({ MODE: 'production', VITE_APP_NAME: '   ' })).toThrow(/VITE_APP_NAME/)
  })
})

describe('parseEnv, more', () => {
  it('keeps a given optional value trimmed, and names every missing or non-text value', () => {
    expect(parseEnv({ MODE: 'production', VITE_BOT_URL: ' https://t.me/casino_bot ' }).VITE_BOT_URL).toBe('https://t.me/casino_bot')
    expect(() => parseEnv({ VITE_SUPPORT_URL: 42 })).toThrow(/MODE: is required\n✖ VITE_SUPPORT_URL: must be text/)
  })
})

describe('parseEnv, milliseconds', () => {
  it('reads a whole number of milliseconds and refuses anything else', () => {
    expect(parseEnv({ MODE: 'production', VITE_PAGE_PRELOADER_DELAY_MS: ' 0 ' }).VITE_PAGE_PRELOADER_DELAY_MS).toBe(0)
    expect(parseEnv({ MODE: 'production', VITE_PAGE_PRELOADER_DELAY_MS: '2500' }).VITE_PAGE_PRELOADER_DELAY_MS).toBe(2500)
    for (const bad of ['-1', '1.5', '1e3', 'soon', '60001']) {
      expect(() => parseEnv({ MODE: 'production', VITE_PAGE_PRELOADER_DELAY_MS: bad })).toThrow(
        /VITE_PAGE_PRELOADER_DELAY_MS: must be a whole number of milliseconds from 0 to 60000/,
      )
    }
  })
})

describe('parseEnv, Telegram links', () => {
  it('takes a t.me address and refuses anything else, by name', () => {
    expect(parseEnv({ MODE: 'production', VITE_TELEGRAM_NEWS_URL: 'https://t.me/casino_news' }).VITE_TELEGRAM_NEWS_URL).toBe('https://t.me/casino_news')
    expect(parseEnv({ MODE: 'production' }).VITE_TELEGRAM_NEWS_URL).toBeUndefined()
    for (const bad of ['t.me/casino_news', 'http://t.me/casino_news', 'https://t.me.evil.example/x', 'javascript:alert(1)', 'https://t.me/a b']) {
      expect(() => parseEnv({ MODE: 'production', VITE_TELEGRAM_NEWS_URL: bad })).toThrow(/VITE_TELEGRAM_NEWS_URL: must be a https:\/\/t\.me\/ address/)
    }
  })
})

describe('parseEnv, endpoints that may be off', () => {
  it('takes an https address or a path, leaves the setting unset for off, and refuses the rest', () => {
    expect(parseEnv({ MODE: 'production', VITE_PIXEL_URL: 'https://pixel.example/p' }).VITE_PIXEL_URL).toBe('https://pixel.example/p')
    expect(parseEnv({ MODE: 'production', VITE_PIXEL_URL: '/collect' }).VITE_PIXEL_URL).toBe('/collect')
    expect(parseEnv({ MODE: 'production', VITE_PIXEL_URL: 'off' })).not.toHaveProperty('VITE_PIXEL_URL')
    for (const bad of ['http://pixel.example/p', '//pixel.example/p', 'pixel.example', 'javascript:alert(1)']) {
      expect(() => parseEnv({ MODE: 'production', VITE_PIXEL_URL: bad })).toThrow(/VITE_PIXEL_URL: must be a https:\/\/ address, a path from \/, or off/)
    }
  })
})

describe('parseEnv, choices', () => {
  it('takes one of the listed values and names the others', () => {
    expect(parseEnv({ MODE: 'production', VITE_CAPTCHA: 'enterprise' }).VITE_CAPTCHA).toBe('enterprise')
    expect(parseEnv({ MODE: 'production', VITE_CAPTCHA: 'off' }).VITE_CAPTCHA).toBe('off')
    expect(() => parseEnv({ MODE: 'production', VITE_CAPTCHA: 'v3' })).toThrow(/VITE_CAPTCHA: must be one of v2, enterprise, off/)
  })
})

describe('parseEnv, patterns', () => {
  it('takes a Tag Manager container id and refuses anything else', () => {
    expect(parseEnv({ MODE: 'production', VITE_GTM_ID: 'GTM-AB12CD3' }).VITE_GTM_ID).toBe('GTM-AB12CD3')
    expect(parseEnv({ MODE: 'production' }).VITE_GTM_ID).toBeUndefined()
    for (const bad of ['AB12CD3', 'GTM-', 'GTM-ab12cd3', 'GTM-AB12"><script>']) {
      expect(() => parseEnv({ MODE: 'production', VITE_GTM_ID: bad })).toThrow(/VITE_GTM_ID: must be a Tag Manager container id, GTM-XXXXXXX/)
    }
  })

  it('takes a Clarity project id, or none', () => {
    expect(parseEnv({ MODE: 'production', VITE_CLARITY_ID: 'abc123xyz9' }).VITE_CLARITY_ID).toBe('abc123xyz9')
    expect(parseEnv({ MODE: 'production' }).VITE_CLARITY_ID).toBeUndefined()
    for (const bad of ['ABC123XYZ9', 'abc', 'abc123"><script>', 'https://www.clarity.ms/tag/abc123xyz9']) {
      expect(() => parseEnv({ MODE: 'production', VITE_CLARITY_ID: bad })).toThrow(/VITE_CLARITY_ID: must be a Clarity project id/)
    }
  })
})
