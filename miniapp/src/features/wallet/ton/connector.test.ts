import { UserRejectsError } from '@tonconnect/sdk'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { sendTonTransfer, TRANSFER_ANSWER_TIMEOUT_MS } from './connector'
import { transactionRequest } from './transfer'

const wallet = vi.hoisted(() => ({ answer: (): Promise<unknown> => new Promise(() => undefined) }))

vi.mock('@tonconnect/sdk', () => {
  class UserRejectsError extends Error {}
  class TonConnect {
    sendTransaction() {
      return wallet.answer()
    }
  }
  return { default: TonConnect, UserRejectsError, isTelegramUrl: () => false, isWalletInfoCurrentlyInjected: () => false, isWalletInfoRemote: () => false }
})

const TRANSFER = { kind: 'ton', address: 'EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk', nanotons: 2_000_000_000n, comment: 'inv-1' } as const
const OWNER = 'EQA0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NLmw'

describe('asking the wallet for a transfer', () => {
  beforeEach(() => {
    wallet.answer = () => new Promise(() => undefined)
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is waited for until its request has expired, then said to have timed out', async () => {
    let outcome: string | undefined = 'waiting'
    const request = transactionRequest(TRANSFER, { owner: OWNER }, Date.now())
    void sendTonTransfer(request).then((answer) => { outcome = answer })

    // Until the request expires the wallet may still send it: "try again" then could make the player pay twice.
    expect(TRANSFER_ANSWER_TIMEOUT_MS).toBeGreaterThan(request.validUntil * 1000 - Date.now())
    await vi.advanceTimersByTimeAsync(TRANSFER_ANSWER_TIMEOUT_MS - 1)
    expect(outcome).toBe('waiting')
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toBe('timeout')
  })

  it('is not said to time out when the wallet sends it late but in time', async () => {
    wallet.answer = () => new Promise((resolve) => setTimeout(() => { resolve({ boc: '' }) }, TRANSFER_ANSWER_TIMEOUT_MS - 1))
    const sent = sendTonTransfer(transactionRequest(TRANSFER, { owner: OWNER }, Date.now()))
    await vi.advanceTimersByTimeAsync(TRANSFER_ANSWER_TIMEOUT_MS)
    await expect(sent).resolves.toBeUndefined()
  })

  it('tells a refusal from a wallet that failed', async () => {
    wallet.answer = () => Promise.reject(new UserRejectsError())
    await expect(sendTonTransfer(transactionRequest(TRANSFER, { owner: OWNER }))).resolves.toBe('rejected')
    wallet.answer = () => Promise.reject(new Error('bridge down'))
    await expect(sendTonTransfer(transactionRequest(TRANSFER, { owner: OWNER }))).resolves.toBe('unreachable')
  })
})
