import { describe, expect, it, vi } from 'vitest'

import { ChannelRegistry } from '@/lib/realtime/channel-registry'

describe('the channel registry', () => {
  it("tells a channel's listeners when it is (re)subscribed, so snapshots can be fetched again", () => {
    const registry = new ChannelRegistry()
    const accounts = vi.fn()
    const other = vi.fn()
    const failing = vi.fn(() => {
      throw new Error('boom')
    })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    registry.attach('wallet:accounts#1', () => undefined, failing)
    const detach = registry.attach('wallet:accounts#1', () => undefined, accounts)
    registry.attach('payment:invoices#1', () => undefined, other)
    registry.attach('global:online', () => undefined)

    registry.subscribed('wallet:accounts#1')
    expect(failing).toHaveBeenCalledTimes(1)
    expect(accounts).toHaveBeenCalledTimes(1)
    expect(other).not.toHaveBeenCalled()
    expect(() => { registry.subscribed('global:online'); }).not.toThrow()

    detach()
    registry.subscribed('wallet:accounts#1')
    expect(accounts).toHaveBeenCalledTimes(1)
  })

  it('hands publications only to their channel, and subscribes a channel while it has a listener', () => {
    const registry = new ChannelRegistry()
    const changes = vi.fn()
    registry.onChannelsChange(changes)
    const handler = vi.fn()
    const detach = registry.attach('wallet:accounts#1', handler)
    registry.attach('wallet:accounts#1', vi.fn())
    expect(changes).toHaveBeenCalledTimes(1)
    registry.dispatch('wallet:accounts#1', { balance: 1 })
    registry.dispatch('payment:invoices#1', { id: 'x' })
    expect(handler).toHaveBeenCalledWith({ balance: 1 })
    expect(handler).toHaveBeenCalledTimes(1)
    detach()
    expect(registry.channels()).toEqual(['wallet:accounts#1'])
  })
})
