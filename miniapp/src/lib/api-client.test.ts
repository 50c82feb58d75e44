import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_WARNING_MS } from '@/config/constants'
import { ApiError, apiRequest, TRACE_ID_HEADER } from '@/lib/api-client'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

type FetchArgs = [input: URL, init: RequestInit]

function stubFetch(respond: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(respond)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** A server that never answers, but lets the caller's abort through as fetch does. */
function hangingFetch(_input: URL, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => {
      reject(new DOMException('The operation was aborted.', 'AbortError'))
    })
  })
}

function json(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  )
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

describe('apiRequest', () => {
  let warn: ReturnType<typeof vi.spyOn>

  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls /api on this origin with a fresh UUID trace id on every call', async () => {
    const fetchMock = stubFetch(() => json(200, { data: [] }))

    await expect(apiRequest('/game/games', { query: { collection: 'popular', page: 1, skip: undefined } })).resolves.toEqual(
      { data: [] },
    )
    await apiRequest('/game/games')

    const [first, second] = fetchMock.mock.calls
    if (!first || !second) throw new Error('expected two calls')
    expect(first[0].href).toBe(`${window.location.origin}/api/game/games?collection=popular&page=1`)
    const firstTraceId = new Headers(first[1].headers).get(TRACE_ID_HEADER)
    const secondTraceId = new Headers(second[1].headers).get(TRACE_ID_HEADER)
    expect(firstTraceId).toMatch(UUID_V4)
    expect(secondTraceId).toMatch(UUID_V4)
    expect(secondTraceId).not.toBe(firstTraceId)
  })

  it('normalises an error body into ApiError with the trace id', async () => {
    const fetchMock = stubFetch(() =>
      json(422, { code: 'validation_failed', message: 'Check the form.', fields: { email: 'Invalid e-mail.' } }),
    )

    const error = await rejectionOf(apiRequest('/player/profile', { method: 'PUT', body: { email: 'x' } }))

    const init = fetchMock.mock.calls[0]?.[1]
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Check the form.',
      fields: { email: 'Invalid e-mail.' },
      traceId: new Headers(init?.headers).get(TRACE_ID_HEADER),
    })
    expect(init?.body).toBe('{"email":"x"}')
  })

  it('normalises a non-2xx without a readable body into ApiError', async () => {
    stubFetch(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })))

    const error = await rejectionOf(apiRequest('/game/collections'))

    expect(error).toMatchObject({ status: 502, code: 'unknown_error', fields: undefined })
    expect(error.message).toContain('502')
  })

  it('turns a network failure into ApiError status 0 and warns with the trace id', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))

    const error = await rejectionOf(apiRequest('/game/collections'))

    expect(error).toMatchObject({ status: 0, code: 'network_error' })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no response'), { traceId: error.traceId })
  })

  it('gives up after the request timeout with ApiError code timeout', async () => {
    vi.useFakeTimers()
    stubFetch(hangingFetch)

    const pending = rejectionOf(apiRequest('/game/collections'))
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    let settled = false
    void pending.finally(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)

    await vi.advanceTimersByTimeAsync(1)
    const error = await pending

    expect(error).toMatchObject({ status: 0, code: 'timeout' })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no response'), { traceId: error.traceId })
  })

  it('warns with the trace id when a call takes longer than the warning threshold', async () => {
    vi.useFakeTimers()
    let respond: (response: Response) => void = () => undefined
    const fetchMock = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          respond = resolve
        }),
    )

    const pending = apiRequest('/game/collections')
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_WARNING_MS - 1)
    expect(warn).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1)
    respond(new Response('{"data":[]}', { status: 200 }))
    await expect(pending).resolves.toEqual({ data: [] })

    const traceId = new Headers(fetchMock.mock.calls[0]?.[1].headers).get(TRACE_ID_HEADER)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`longer than ${String(REQUEST_TIMEOUT_WARNING_MS)} ms`), {
      traceId,
    })
  })

  it('does not warn about a fast call', async () => {
    vi.useFakeTimers()
    stubFetch(() => json(200, {}))

    await apiRequest('/game/collections')
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)

    expect(warn).not.toHaveBeenCalled()
  })

  it('passes a cancellation by the caller through instead of reporting a failure', async () => {
    stubFetch(hangingFetch)
    const controller = new AbortController()

    const pending = apiRequest('/game/collections', { signal: controller.signal })
    controller.abort()

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(warn).not.toHaveBeenCalled()
  })
})
