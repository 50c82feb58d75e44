import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectNativeBridge } from '@/lib/native'
import { screenLink, shareLink } from '@/lib/share'

const origin = 'https://casino.test'

describe('screenLink', () => {
  it("is the bot's t.me link with the screen's start parameter and the sharer's referral", () => {
    expect(screenLink({ screen: 'game', id: 'book-of-ra' }, { botUrl: 'https://t.me/casino_bot', origin, refId: '42' })).toBe(
      'https://t.me/casino_bot?startapp=game_book-of-ra__ref_42',
    )
    expect(screenLink({ screen: 'event', id: '5000029' }, { botUrl: 'https://t.me/casino_bot/play', origin })).toBe(
      'https://t.me/casino_bot/play?startapp=event_5000029',
    )
  })

  it("leaves out a referral that would not fit Telegram's 64 characters", () => {
    const id = 'a'.repeat(50)
    expect(screenLink({ screen: 'game', id }, { botUrl: 'https://t.me/casino_bot', origin, refId: '1234567890' })).toBe(
      `https://t.me/casino_bot?startapp=game_${id}`,
    )
  })

  it("is this site's address of the screen without a bot, or when the game's id is too long for Telegram", () => {
    expect(screenLink({ screen: 'event', id: '77' }, { botUrl: undefined, origin, refId: '42' })).toBe('https://casino.test/sport/event/77?ref_id=42')
    const id = 'a'.repeat(70)
    expect(screenLink({ screen: 'game', id }, { botUrl: 'https://t.me/casino_bot', origin })).toBe(`https://casino.test/game/${id}`)
  })
})

describe('shareLink', () => {
  afterEach(() => {
    connectNativeBridge(undefined)
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'share')
  })

  it("uses Telegram's share sheet inside Telegram", async () => {
    const shared = vi.fn(() => true)
    connectNativeBridge({ haptic: vi.fn(), setBackButton: vi.fn(), setClosingConfirmation: vi.fn(), shareLink: shared })
    expect(await shareLink('https://t.me/casino_bot?startapp=wallet', 'Look')).toBe('shared')
    expect(shared).toHaveBeenCalledWith('https://t.me/casino_bot?startapp=wallet', 'Look')
  })

  it("uses the browser's share sheet, and a cancelled share is not copied", async () => {
    const share = vi.fn().mockRejectedValueOnce(new DOMException('cancelled', 'AbortError')).mockResolvedValueOnce(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    expect(await shareLink('https://casino.test/game/x', 'Look')).toBe('shared')
    expect(await shareLink('https://casino.test/game/x', 'Look')).toBe('shared')
    expect(share).toHaveBeenCalledWith({ url: 'https://casino.test/game/x', text: 'Look' })
  })

  it('copies the link where nothing can share it, and says when even that fails', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    expect(await shareLink('https://casino.test/game/x', 'Look')).toBe('copied')
    expect(writeText).toHaveBeenCalledWith('https://casino.test/game/x')
    expect(await shareLink('https://casino.test/game/x', 'Look')).toBe('failed')
  })
})
