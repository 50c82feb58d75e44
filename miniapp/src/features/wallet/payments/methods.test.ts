import { describe, expect, it } from 'vitest'

import { feePercent, initialMethod, methodShape, orderGroups, popularName, type PaymentMethod } from '@/features/wallet/payments/methods'

function method(id: string, kind: string, fee = '0'): PaymentMethod {
  const [, , name = id] = id.split('.')
  return { id, name, displayName: name, currency: 'USD', minAmount: 500, maxAmount: 100_000, fee: { percent: fee }, kind }
}

const cards = { name: 'Cards', paymentMethods: [method('card.deposit.visa', 'card'), method('card.deposit.masterCard', 'card')] }
const agents = { name: 'Cash agents', paymentMethods: [method('cashagent.deposit.cashAgent', 'cash')] }
const crypto = { name: 'Crypto', paymentMethods: [method('cryptowallet.deposit.toncoin', 'crypto')] }

describe('payment methods', () => {
  it('put manual agents first and keep the platform’s order otherwise', () => {
    expect(orderGroups([cards, crypto, agents, { name: 'Empty', paymentMethods: [] }]).map((group) => group.name)).toEqual([
      'Cash agents',
      'Cards',
      'Crypto',
    ])
  })

  it('know their shape, popular name and fee', () => {
    expect(methodShape(method('card.deposit.visa', 'card'))).toBe('redirect')
    expect(methodShape(method('ewallet.deposit.skrill', 'wallet'))).toBe('redirect')
    expect(methodShape(method('bank.deposit.bankTransfer', 'bank'))).toBe('redirect')
    expect(methodShape(method('cryptowallet.deposit.tron', 'crypto'))).toBe('crypto')
    expect(methodShape(method('cashagent.deposit.cashAgent', 'cash'))).toBe('cashAgent')
    expect(popularName(method('card.deposit.masterCard', 'card'))).toBe('masterCard')
    expect(popularName(method('cryptowallet.deposit.toncoin', 'crypto'))).toBeUndefined()
    expect(feePercent(method('x.deposit.y', 'card', '1.5'))).toBe('1.5')
    expect(feePercent(method('x.deposit.y', 'card', '0.00'))).toBeUndefined()
  })

  it('start with the method chosen before, else the first', () => {
    expect(initialMethod([cards, crypto], 'cryptowallet.deposit.toncoin')?.id).toBe('cryptowallet.deposit.toncoin')
    expect(initialMethod([cards, crypto], 'gone')?.id).toBe('card.deposit.visa')
    expect(initialMethod([])).toBeUndefined()
  })
})
