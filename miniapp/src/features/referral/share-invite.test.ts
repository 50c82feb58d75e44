import { describe, expect, it, vi } from 'vitest'

import { type InviteShareHost, shareInvite } from '@/features/referral/share-invite'

const invite = { link: 'https://t.me/casino_bot?start=ref_42', text: 'Join me and play!', startParam: 'ref_42' }

function host(overrides: Partial<InviteShareHost> = {}): InviteShareHost {
  return {
    canShareMessage: () => true,
    prepare: vi.fn(() => Promise.resolve('prepared-7')),
    shareMessage: vi.fn(() => Promise.resolve(true)),
    switchInlineQuery: vi.fn(() => true),
    shareLink: vi.fn(() => Promise.resolve('shared' as const)),
    ...overrides,
  }
}

describe('shareInvite', () => {
  it('shares the card the bot prepared where Telegram can share messages', async () => {
    const telegram = host()
    await expect(shareInvite(invite, telegram)).resolves.toEqual({ path: 'prepared-message', outcome: 'shared' })
    expect(telegram.shareMessage).toHaveBeenCalledWith('prepared-7')
    expect(telegram.switchInlineQuery).not.toHaveBeenCalled()
  })

  it('does not offer another way when the player closes the share dialog', async () => {
    const telegram = host({ shareMessage: vi.fn(() => Promise.resolve(false)) })
    await expect(shareInvite(invite, telegram)).resolves.toEqual({ path: 'prepared-message', outcome: 'shared' })
    expect(telegram.switchInlineQuery).not.toHaveBeenCalled()
    expect(telegram.shareLink).not.toHaveBeenCalled()
  })

  it('falls back to the inline query when the bot cannot prepare the card', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const telegram = host({ prepare: vi.fn(() => Promise.reject(new Error('503'))) })
    await expect(shareInvite(invite, telegram)).resolves.toEqual({ path: 'inline-query', outcome: 'shared' })
    expect(telegram.switchInlineQuery).toHaveBeenCalledWith('ref_42')
    expect(telegram.shareMessage).not.toHaveBeenCalled()
  })

  it('uses the inline query on a Telegram that cannot share prepared messages', async () => {
    const older = host({ canShareMessage: () => false })
    await expect(shareInvite(invite, older)).resolves.toEqual({ path: 'inline-query', outcome: 'shared' })
    expect(older.prepare).not.toHaveBeenCalled()
  })

  it('shares the link where neither is available, as in a browser', async () => {
    const browser = host({ canShareMessage: () => false, switchInlineQuery: () => false, shareLink: vi.fn(() => Promise.resolve('copied' as const)) })
    await expect(shareInvite(invite, browser)).resolves.toEqual({ path: 'link', outcome: 'copied' })
    expect(browser.shareLink).toHaveBeenCalledWith(invite.link, invite.text)
  })
})
