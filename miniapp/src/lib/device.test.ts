import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { currentDevice, detectDevice, resetDevice, useDevice } from '@/lib/device'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe('detectDevice', () => {
  it('tells phones, tablets and desktops apart, by the agent and the window', () => {
    expect(detectDevice({ userAgent: IPHONE, width: 390, touchPoints: 5 })).toEqual({
      phone: true, tablet: false, mobile: true, desktop: false, ios: true, android: false, crawler: false,
    })
    expect(detectDevice({ userAgent: ANDROID_PHONE, width: 800, touchPoints: 5 })).toMatchObject({ phone: true, android: true, ios: false })
    expect(detectDevice({ userAgent: ANDROID_TABLET, width: 1280, touchPoints: 5 })).toMatchObject({ phone: false, tablet: true, mobile: true, android: true })
    // An iPad asking for the desktop site: a Mac's agent with touch.
    expect(detectDevice({ userAgent: MAC, width: 1024, touchPoints: 5 })).toMatchObject({ tablet: true, ios: true, desktop: false })
    expect(detectDevice({ userAgent: MAC, width: 1440, touchPoints: 0 })).toMatchObject({ desktop: true, mobile: false, ios: false })
    // A desktop window narrower than the header's mobile breakpoint (Telegram Desktop's Mini App) is a phone's.
    expect(detectDevice({ userAgent: MAC, width: 384, touchPoints: 0 })).toMatchObject({ phone: true, desktop: false })
  })

  it('knows a crawler', () => {
    expect(detectDevice({ userAgent: GOOGLEBOT, width: 1024, touchPoints: 0 }).crawler).toBe(true)
    expect(detectDevice({ userAgent: 'TelegramBot (like TwitterBot)', width: 1024, touchPoints: 0 }).crawler).toBe(true)
    expect(detectDevice({ userAgent: MAC, width: 1024, touchPoints: 0 }).crawler).toBe(false)
  })
})

describe('useDevice', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    resetDevice()
    window.innerWidth = 1280
  })
  afterEach(() => {
    resetDevice()
    vi.useRealTimers()
    window.innerWidth = 1024
  })

  function resizeTo(width: number) {
    window.innerWidth = width
    window.dispatchEvent(new Event('resize'))
  }

  it('refreshes the flags 50 ms after the window stops resizing', () => {
    const { result } = renderHook(() => useDevice())
    expect(result.current.desktop).toBe(true)

    act(() => {
      resizeTo(600)
      vi.advanceTimersByTime(30)
      resizeTo(400)
      vi.advanceTimersByTime(49)
    })
    expect(result.current.desktop).toBe(true)
    expect(currentDevice().phone).toBe(false)

    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toMatchObject({ phone: true, mobile: true, desktop: false })
    expect(currentDevice().phone).toBe(true)
  })

  it('keeps the same flags object when a resize changes nothing', () => {
    const { result } = renderHook(() => useDevice())
    const before = result.current
    act(() => {
      resizeTo(1300)
      vi.advanceTimersByTime(50)
    })
    expect(result.current).toBe(before)
  })
})
