import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  deviceFingerprint,
  readyDeviceFingerprint,
  resetDeviceFingerprint,
  warmDeviceFingerprint,
  withDeviceFingerprint,
  withDeviceFingerprints,
} from '@/lib/fingerprint'

const library = vi.hoisted(() => ({ load: vi.fn() }))
vi.mock('@fingerprintjs/fingerprintjs', () => library)

function agentAnswering(visitorId: Promise<string>) {
  library.load.mockResolvedValue({ get: () => visitorId.then((id) => ({ visitorId: id })) })
}

afterEach(() => {
  resetDeviceFingerprint()
  library.load.mockReset()
  vi.restoreAllMocks()
})

describe('the device fingerprint', () => {
  it('comes from the library, without its third-party monitoring, and rides along with a sign-in body', async () => {
    agentAnswering(Promise.resolve('visitor-1'))
    expect(await withDeviceFingerprint({ login: 'ana@example.com' })).toEqual({ login: 'ana@example.com', fingerprint: 'visitor-1' })
    expect(library.load).toHaveBeenCalledWith({ monitoring: false })
    // Made once.
    expect(await deviceFingerprint()).toBe('visitor-1')
    expect(library.load).toHaveBeenCalledTimes(1)
  })

  it('never holds a sign-in up: past its budget the call goes without it', async () => {
    agentAnswering(new Promise<string>(() => undefined))
    const started = Date.now()
    expect(await withDeviceFingerprint({ token: 't' }, 20)).toEqual({ token: 't' })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('goes without when the library fails, saying so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    library.load.mockRejectedValue(new Error('no canvas'))
    expect(await deviceFingerprint()).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('[fingerprint] not available', expect.any(Error))
  })

  it('is offered to a call that must not wait only once it has been made', async () => {
    agentAnswering(Promise.resolve('visitor-2'))
    expect(readyDeviceFingerprint()).toBeUndefined()
    expect(library.load).not.toHaveBeenCalled()
    warmDeviceFingerprint()
    await vi.waitFor(() => {
      expect(readyDeviceFingerprint()).toBe('visitor-2')
    })
  })
})

describe('the second fingerprint', () => {
  afterEach(() => {
    localStorage.clear()
  })

  it('rides along with the first: a random id this browser keeps', async () => {
    agentAnswering(Promise.resolve('visitor-1'))
    const first = await withDeviceFingerprints({ login: 'ana@example.com' })
    expect(first).toEqual({ login: 'ana@example.com', fingerprint: 'visitor-1', secondFingerprint: expect.stringMatching(/^[0-9a-f-]{36}$/) as string })
    const again = await withDeviceFingerprints({ login: 'ana@example.com' })
    expect(again.secondFingerprint).toBe(first.secondFingerprint)
    expect(localStorage.getItem('secondFingerprint')).toBe(first.secondFingerprint)
  })

  it('is left out when storage is refused, and the first still goes', async () => {
    agentAnswering(Promise.resolve('visitor-1'))
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    expect(await withDeviceFingerprints({ token: 't' })).toEqual({ token: 't', fingerprint: 'visitor-1' })
  })
})
