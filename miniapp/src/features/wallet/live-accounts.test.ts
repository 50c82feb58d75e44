import { describe, expect, it } from 'vitest'

import { applyAccountsPublication, walletAccountsChannel } from '@/features/wallet/live-accounts'

const usd = { id: 1, currency: 'USD', balance: 100, status: 1 }
const btc = { id: 2, currency: 'BTC', balance: 5, status: 0 }

describe('wallet publications', () => {
  it("are the player's user-limited channel", () => {
    expect(walletAccountsChannel(42)).toBe('wallet:accounts#42')
  })

  it('replace the cached accounts with a full list, or the one account that changed', () => {
    const richer = { ...usd, balance: 900 }
    expect(applyAccountsPublication([usd, btc], { account: richer, accounts: [richer] })).toEqual([richer])
    expect(applyAccountsPublication([usd, btc], { account: richer })).toEqual([richer, btc])
    expect(applyAccountsPublication(undefined, { account: richer })).toBeUndefined()
    expect(applyAccountsPublication([usd], {})).toEqual([usd])
  })
})
