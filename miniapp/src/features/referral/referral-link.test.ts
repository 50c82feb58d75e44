import { describe, expect, it } from 'vitest'

import { referralLink } from '@/features/referral/referral-link'

describe('the referral link', () => {
  it('is a t.me start link the bot reads when the bot is known', () => {
    expect(referralLink('ref_42', 'https://t.me/casino_bot', 'https://casino.example')).toBe('https://t.me/casino_bot?start=ref_42')
  })

  it('is this site with ref_id otherwise', () => {
    expect(referralLink('ref_42', undefined, 'https://casino.example')).toBe('https://casino.example/?ref_id=42')
  })
})
