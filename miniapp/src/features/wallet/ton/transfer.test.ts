import { describe, expect, it } from 'vitest'

import { commentCell, toBoc } from './cells'
import { integerAmount, JETTON_TRANSFER_FEE_NANOTONS, tonTransferOf, transactionRequest } from './transfer'

const DESTINATION = 'EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk'
const MASTER = 'EQASEhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEuHS'
const OWNER = 'EQA0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NLmw'

/** An operator whose platform numbers invoice statuses otherwise than the sandbox: 4 pending, 1 success. */
const statuses = { pending: 4, success: 1, failure: 2 }
const pending = (publicData: Record<string, unknown>) => ({ type: 'deposit', status: statuses.pending, publicData }) as Parameters<typeof tonTransferOf>[0]

describe('integer amounts', () => {
  it('reads digits as an exact bigint, beyond what a float holds', () => {
    expect(integerAmount('2000000000')).toBe(2_000_000_000n)
    expect(integerAmount('123456789012345678901')).toBe(123_456_789_012_345_678_901n)
    expect(integerAmount(2_500_000)).toBe(2_500_000n)
  })

  it('refuses fractions, signs, exponents, zero and unsafe numbers', () => {
    for (const value of ['2.5', '-1', '1e9', ' 1', '', '0', 2.5, 2 ** 60, null]) expect(integerAmount(value)).toBeUndefined()
  })
})

describe('the transfer an invoice asks for', () => {
  it('is Toncoin in nanotons to the bounceable form of the invoice address', () => {
    const transfer = tonTransferOf(pending({ address: 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh', amount: '2000000000', comment: 'inv-1' }), statuses)
    expect(transfer).toEqual({ kind: 'ton', address: DESTINATION, nanotons: 2_000_000_000n, comment: 'inv-1' })
  })

  it('is a jetton in its units when the invoice names the jetton master', () => {
    const transfer = tonTransferOf(pending({ address: DESTINATION, jettonAmount: '2500000', comment: 'inv-2', jettonMaster: MASTER }), statuses)
    expect(transfer).toEqual({ kind: 'jetton', address: DESTINATION, units: 2_500_000n, comment: 'inv-2', jettonMaster: MASTER })
  })

  it('is nothing for an invoice without an exact amount, a comment or a TON address, or one already settled', () => {
    expect(tonTransferOf(pending({ address: DESTINATION, amount: '2.5', comment: 'x' }), statuses)).toBeUndefined()
    expect(tonTransferOf(pending({ address: DESTINATION, amount: '1' }), statuses)).toBeUndefined()
    expect(tonTransferOf(pending({ address: '0xabc', amount: '1', comment: 'x' }), statuses)).toBeUndefined()
    expect(tonTransferOf(pending({ address: DESTINATION, jettonAmount: '1', comment: 'x', jettonMaster: 'nope' }), statuses)).toBeUndefined()
    expect(tonTransferOf(pending({ address: DESTINATION, jettonAmount: '1.5', comment: 'x', jettonMaster: MASTER }), statuses)).toBeUndefined()
    expect(tonTransferOf({ type: 'deposit', status: statuses.success, publicData: { address: DESTINATION, amount: '1', comment: 'x' } } as never, statuses)).toBeUndefined()
  })
})

describe('the request the wallet gets', () => {
  const now = Date.UTC(2026, 0, 1)

  it('is one message of Toncoin with the comment as its payload, valid for five minutes', () => {
    const request = transactionRequest({ kind: 'ton', address: DESTINATION, nanotons: 2_000_000_000n, comment: 'inv-1' }, { owner: OWNER }, now)
    expect(request).toEqual({
      validUntil: now / 1000 + 300,
      messages: [{ address: DESTINATION, amount: '2000000000', payload: toBoc(commentCell('inv-1')) }],
    })
  })

  it('is one jetton transfer to the sender’s jetton wallet, carrying the fee in Toncoin', () => {
    const jettonWallet = 'EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk'
    const request = transactionRequest({ kind: 'jetton', address: MASTER, units: 2_500_000n, comment: 'inv-2', jettonMaster: MASTER }, { owner: OWNER, jettonWallet }, now)
    expect(request.messages).toHaveLength(1)
    expect(request.messages[0]).toMatchObject({ address: jettonWallet, amount: JETTON_TRANSFER_FEE_NANOTONS.toString() })
    // op 0x0f8a7ea5 opens the body.
    expect(atob(request.messages[0]?.payload ?? '').slice(13, 17)).toBe('\x0f\x8a\x7e\xa5')
  })

  it('refuses a jetton transfer without the sender’s jetton wallet', () => {
    expect(() => transactionRequest({ kind: 'jetton', address: DESTINATION, units: 1n, comment: 'x', jettonMaster: MASTER }, { owner: OWNER })).toThrow(TypeError)
  })
})
