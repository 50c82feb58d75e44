import { describe, expect, it } from 'vitest'

import { chatDetails } from '@/app/chat-details'
import type { PlayerBonus } from '@/features/bonuses/api/get-player-bonuses'
import type { PlayerFreespin } from '@/features/bonuses/api/get-player-freespins'
import { constants as sandbox } from '@/test/fixtures'

const account = { id: 1, currency: 'EUR', balance: 12_345, status: 1 }
const bonus = (id: number, status: number) => ({ id, name: `Bonus ${String(id)}`, status, amount: 5_000, currency: 'EUR' }) as PlayerBonus
/** An operator whose platform numbers the statuses otherwise than the sandbox: 3 issued, 1 active, 2 finished. */
const constants = { ...sandbox, bonusStatuses: { issued: 3, active: 1, finished: 2 }, freeSpinStatuses: { issued: 3, active: 1, finished: 2 } }
const spins = (id: number, status: number, count: number, usedCount: number) => ({ id, status, count, usedCount }) as PlayerFreespin

describe('chatDetails', () => {
  it('names the account, the bonus being wagered, those waiting and the free spins left, as the platform numbers their statuses', () => {
    expect(chatDetails(account, [bonus(7, 1), bonus(8, 3), bonus(9, 3)], [spins(1, 1, 20, 5), spins(2, 3, 10, 0), spins(3, 2, 50, 50)], constants)).toEqual({
      currency: 'EUR',
      balanceMinorUnits: '12345',
      activeBonus: 'Bonus 7 (#7)',
      activeBonusAmountMinorUnits: '5000 EUR',
      bonusesAwaitingActivation: '2',
      freeSpinBundles: '2',
      freeSpinsLeft: '25',
    })
  })

  it('says none rather than leaving an old bonus in the chat when the last one ends', () => {
    expect(chatDetails(account, [], [], constants)).toEqual({
      currency: 'EUR',
      balanceMinorUnits: '12345',
      activeBonus: 'none',
      activeBonusAmountMinorUnits: 'none',
      bonusesAwaitingActivation: '0',
      freeSpinBundles: '0',
      freeSpinsLeft: '0',
    })
  })

  it('leaves out what has not loaded', () => {
    expect(chatDetails(undefined, undefined, undefined, constants)).toEqual({})
    expect(chatDetails(account, [bonus(7, 1)], [], undefined)).toEqual({ currency: 'EUR', balanceMinorUnits: '12345' })
  })
})
