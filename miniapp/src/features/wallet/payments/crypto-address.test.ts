import { describe, expect, it } from 'vitest'

import { addressFromScan, addressProblem, isTonNetwork } from '@/features/wallet/payments/crypto-address'

describe('crypto addresses', () => {
  it('are required', () => {
    expect(addressProblem('  ', 'TON')).toBe('required')
  })

  it('must have the network’s shape', () => {
    expect(addressProblem('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'Bitcoin')).toBeUndefined()
    expect(addressProblem('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'Bitcoin')).toBeUndefined()
    expect(addressProblem('bc1qO0', 'Bitcoin')).toBe('malformed')
    expect(addressProblem('0x52908400098527886E0F7030069857D2E4169EE7', 'Ethereum')).toBeUndefined()
    expect(addressProblem('0x52908400098527886E0F7030069857D2E4169EE', 'Ethereum (ERC-20)')).toBe('malformed')
    expect(addressProblem('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', 'TRON (TRC-20)')).toBeUndefined()
    expect(addressProblem('TJRabPrwbZy45sbavfcjinPJC18kjpRTv0', 'TRON (TRC-20)')).toBe('malformed')
    expect(addressProblem('UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG', 'TON')).toBeUndefined()
    expect(addressProblem('0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8', 'TON')).toBe('malformed')
    expect(addressProblem('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N', 'TON (jetton)')).toBeUndefined()
    expect(addressProblem('0x52908400098527886E0F7030069857D2E4169EE7', 'TON (jetton)')).toBe('malformed')
    expect(addressProblem('anything-the-provider-knows', 'Lightning')).toBeUndefined()
    expect(addressProblem('has spaces', 'Lightning')).toBe('malformed')
  })

  it('go to a connected TON wallet on TON and on its jettons (USDT-on-TON), and on no other network', () => {
    expect(['TON', 'ton', 'TON (jetton)'].map(isTonNetwork)).toEqual([true, true, true])
    expect(['Tron', 'TRON (TRC-20)', 'Ethereum (ERC-20)', 'TONX', undefined].map(isTonNetwork)).toEqual([false, false, false, false, false])
  })

  it('are read out of scanned payment URIs', () => {
    expect(addressFromScan('bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.1')).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    expect(addressFromScan('ton://transfer/UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG?amount=1')).toBe(
      'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
    )
    expect(addressFromScan(' TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 ')).toBe('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')
  })
})
