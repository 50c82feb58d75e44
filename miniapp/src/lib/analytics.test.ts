import { describe, expect, it } from 'vitest'

import { connectAnalyticsSink, depositEvents, track, trackDeposit } from '@/lib/analytics'

describe('analytics', () => {
  it('names a deposit by its ordinal and adds the generic deposit event', () => {
    expect(depositEvents(1)).toEqual(['ftd', 'deposit'])
    expect(depositEvents(2)).toEqual(['dep2', 'deposit'])
    expect(depositEvents(3)).toEqual(['dep3', 'deposit'])
    expect(depositEvents(4)).toEqual(['dep4', 'deposit'])
    expect(depositEvents(5)).toEqual(['dep5plus', 'deposit'])
    expect(depositEvents(42)).toEqual(['dep5plus', 'deposit'])
    expect(depositEvents(0)).toEqual([])
  })

  it('queues events until a sink connects, then delivers them as they fire', () => {
    trackDeposit(1)
    const seen: string[] = []
    const disconnect = connectAnalyticsSink((event) => seen.push(event))
    expect(seen).toEqual(['ftd', 'deposit'])
    track('visit')
    trackDeposit(undefined)
    expect(seen).toEqual(['ftd', 'deposit', 'visit'])
    disconnect()
    track('bet')
    expect(seen).toHaveLength(3)
  })
})
