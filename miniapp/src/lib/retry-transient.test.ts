import { describe, expect, it } from 'vitest'

import { ApiError } from '@/lib/api-client'
import { isTransientFailure, type RetryOptions, retryDelay, retryTransient } from '@/lib/retry-transient'

const failure = (status: number, retryAfterMs?: number) => new ApiError({ status, code: 'x', message: 'x', traceId: 't', retryAfterMs })

function options(overrides: Partial<RetryOptions> = {}) {
  const waits: number[] = []
  return {
    waits,
    options: {
      attempts: 4,
      firstDelayMs: 1000,
      maxDelayMs: 10_000,
      random: () => 0.999_999,
      sleep: (ms: number) => {
        waits.push(ms)
        return Promise.resolve()
      },
      ...overrides,
    } satisfies RetryOptions,
  }
}

describe('transient failures', () => {
  it('are no answer, 429 and the gateway and overload statuses; never a refusal or a fault', () => {
    for (const status of [0, 429, 502, 503, 504]) expect(isTransientFailure(failure(status)), String(status)).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 422, 500]) expect(isTransientFailure(failure(status)), String(status)).toBe(false)
    expect(isTransientFailure(new Error('boom'))).toBe(false)
  })

  it("wait what the server asked, at most the longest wait; else a doubling backoff between half and all of it", () => {
    const { options: opts } = options()
    expect(retryDelay(failure(503, 1000), 1, opts)).toBe(1000)
    expect(retryDelay(failure(429, 60_000), 1, opts)).toBe(10_000)
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(failure(502), attempt, opts))).toEqual([1000, 2000, 4000, 8000, 10_000])
    expect(retryDelay(failure(502), 3, { ...opts, random: () => 0 })).toBe(2000)
  })
})

describe('retryTransient', () => {
  it('tries again after transient failures until the call succeeds', async () => {
    const answers = [failure(503, 0), failure(0), 'signed in']
    const { waits, options: opts } = options()
    const result = await retryTransient(() => {
      const next = answers.shift()
      return next instanceof ApiError ? Promise.reject(next) : Promise.resolve(next)
    }, opts)
    expect(result).toBe('signed in')
    expect(waits).toEqual([0, 2000])
  })

  it('gives up after the tries it was given, with the last failure', async () => {
    let calls = 0
    const { waits, options: opts } = options({ attempts: 3 })
    const error = await retryTransient(() => {
      calls += 1
      return Promise.reject(failure(502 + (calls % 2)))
    }, opts).catch((reason: unknown) => reason)
    expect(calls).toBe(3)
    expect(waits).toHaveLength(2)
    expect(error).toMatchObject({ status: 503 })
  })

  it('never tries a refusal again', async () => {
    let calls = 0
    const { waits, options: opts } = options()
    await expect(
      retryTransient(() => {
        calls += 1
        return Promise.reject(failure(401))
      }, opts),
    ).rejects.toMatchObject({ status: 401 })
    expect(calls).toBe(1)
    expect(waits).toEqual([])
  })
})
