import { ApiError } from '@/lib/api-client'

/**
 * Failures worth trying again unchanged: no answer (network or time-out), too many requests, and a
 * server that is restarting or shedding load (502, 503, 504). The platform and the auth service answer
 * 429 and 503 with `Retry-After`; the edges answer an unreachable upstream with 502 or 504.
 */
export function isTransientFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504)
}

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number
  /** The wait before the second try, doubled before each later one, when the server did not say. */
  firstDelayMs: number
  /** No wait is longer, whatever the server asked. */
  maxDelayMs: number
  /** A number in [0, 1): the wait is drawn between half and all of the backoff (the platform's `Math.random`). */
  random?: () => number
  sleep?: (ms: number) => Promise<void>
}

/** How long to wait before try `attempt + 1` (1-based `attempt`) after `error`. */
export function retryDelay(error: ApiError, attempt: number, options: RetryOptions): number {
  // The server's own wait, when it gave one, as it is; else a backoff with jitter, so that the players a
  // shed burst refused at once do not all come back at once.
  if (error.retryAfterMs !== undefined) return Math.min(options.maxDelayMs, error.retryAfterMs)
  const backoff = Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** (attempt - 1))
  return Math.round(backoff * (0.5 + 0.5 * (options.random ?? Math.random)()))
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms)
  })

/** Calls `call` until it succeeds, fails for good, or has failed transiently `attempts` times; throws the last failure. */
export async function retryTransient<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? wait
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call()
    } catch (error) {
      if (!isTransientFailure(error) || attempt >= options.attempts) throw error
      await sleep(retryDelay(error, attempt, options))
    }
  }
}
