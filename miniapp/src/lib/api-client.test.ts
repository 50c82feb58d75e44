import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { MAX_RESPONSE_BYTES, REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_WARNING_MS } from '@/config/constants'
import { activateLocale, resetI18n } from '@/lib/i18n'
import { ApiError, apiRequest, connectApiSession, isTransientFailure, sendsClientInfo, setClientInfo, TRACE_ID_HEADER } from '@/lib/api-client'

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

describe('transient failures', () => {
  const failure = (status: number) => new ApiError({ status, code: 'x', message: 'x', traceId: 't' })

  it('are no answer, 429 and the gateway and overload statuses; never a refusal or a fault', () => {
    for (const status of [0, 429, 502, 503, 504]) expect(isTransientFailure(failure(status)), String(status)).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 422, 500]) expect(isTransientFailure(failure(status)), String(status)).toBe(false)
    expect(isTransientFailure(new Error('boom'))).toBe(false)
  })
})

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

  it("tells the platform the page's language on every call", async () => {
    const fetchMock = stubFetch(() => json(200, { data: [] }))

    await apiRequest('/game/collections', { auth: 'none' })
    await activateLocale('pt-br')
    await apiRequest('/game/collections', { auth: 'none' })
    resetI18n()

    expect(fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('Accept-Language'))).toEqual(['en', 'pt-BR'])
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

  it('resolves a success without content (204) with undefined', async () => {
    stubFetch(() => Promise.resolve(new Response(null, { status: 204 })))

    await expect(apiRequest('/player/sessions/logout', { method: 'POST' })).resolves.toBeUndefined()
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

function headersOf(fetchMock: ReturnType<typeof stubFetch>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1].headers)
}

describe('apiRequest with a session', () => {
  let disconnect: () => void = () => undefined

  afterEach(() => {
    disconnect()
    setClientInfo(undefined)
  })

  it('sends the session token as a bearer token, fetched fresh for every call', async () => {
    const tokens = ['first', 'second']
    const accessToken = vi.fn(() => Promise.resolve(tokens.shift()))
    disconnect = connectApiSession({ accessToken, onUnauthorized: vi.fn() })
    const fetchMock = stubFetch(() => json(200, {}))

    await apiRequest('/player/profile')
    await apiRequest('/player/profile')

    expect(headersOf(fetchMock, 0).get('Authorization')).toBe('Bearer first')
    expect(headersOf(fetchMock, 1).get('Authorization')).toBe('Bearer second')
    expect(accessToken).toHaveBeenCalledTimes(2)
  })

  it('waits for the session to refresh an expiring token before calling', async () => {
    let refreshed: (token: string) => void = () => undefined
    disconnect = connectApiSession({
      accessToken: () => new Promise((resolve) => (refreshed = resolve)),
      onUnauthorized: vi.fn(),
    })
    const fetchMock = stubFetch(() => json(200, {}))

    const pending = apiRequest('/player/profile')
    await Promise.resolve()
    expect(fetchMock).not.toHaveBeenCalled()

    refreshed('fresh')
    await pending
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer fresh')
  })

  it('sends no token for a guest, a public call or a given token', async () => {
    disconnect = connectApiSession({ accessToken: () => Promise.resolve('session-token'), onUnauthorized: vi.fn() })
    const fetchMock = stubFetch(() => json(200, {}))

    await apiRequest('/game/collections', { auth: 'none' })
    await apiRequest('/player/sessions/refresh', { method: 'POST', auth: { bearer: 'old-token' } })
    disconnect()
    await apiRequest('/game/games')

    expect(headersOf(fetchMock, 0).has('Authorization')).toBe(false)
    expect(headersOf(fetchMock, 1).get('Authorization')).toBe('Bearer old-token')
    expect(headersOf(fetchMock, 2).has('Authorization')).toBe(false)
  })

  it.each([401, 403])('reports a %i on a session call to the session and still rejects', async (status) => {
    const onUnauthorized = vi.fn()
    disconnect = connectApiSession({ accessToken: () => Promise.resolve('t'), onUnauthorized })
    stubFetch(() => json(status, { code: 'unauthorized', message: 'Sign in.' }))

    const error = await rejectionOf(apiRequest('/player/profile'))

    expect(error).toMatchObject({ status, code: 'unauthorized' })
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(error)
  })

  it('leaves 401 and 403 of calls without the session token to their caller (tg_login, a blocked account)', async () => {
    const onUnauthorized = vi.fn()
    disconnect = connectApiSession({ accessToken: () => Promise.resolve(undefined), onUnauthorized })
    stubFetch(() => json(403, { code: 'blocked', message: 'Blocked.' }))

    await expect(apiRequest('/player/tg_login', { method: 'POST', auth: 'none' })).rejects.toMatchObject({ status: 403 })
    await expect(apiRequest('/x', { auth: { bearer: 'b' } })).rejects.toMatchObject({ status: 403 })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('does not report other failures as unauthorized', async () => {
    const onUnauthorized = vi.fn()
    disconnect = connectApiSession({ accessToken: () => Promise.resolve('t'), onUnauthorized })
    stubFetch(() => json(422, { code: 'invalid', message: 'Invalid.' }))

    await expect(apiRequest('/player/profile')).rejects.toMatchObject({ status: 422 })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('fails with session_expired and makes no call when the refresh fails', async () => {
    disconnect = connectApiSession({ accessToken: () => Promise.reject(new Error('refresh failed')), onUnauthorized: vi.fn() })
    const fetchMock = stubFetch(() => json(200, {}))

    const error = await rejectionOf(apiRequest('/player/profile'))

    expect(error).toMatchObject({ status: 401, code: 'session_expired' })
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('source and platform headers', () => {
  afterEach(() => {
    setClientInfo(undefined)
  })

  it('go only on the calls the spec lists', () => {
    const listed = [
      '/payment/methods/deposit',
      '/wallet/accounts',
      '/wallet/accounts/converted',
      '/wallet/accounts/7/switch-account',
      '/player/sessions',
      '/player/sessions/refresh',
      '/player/register',
      '/player/register/phone',
      '/player/tg_login',
      '/player/tg_login/refresh',
    ]
    const unlisted = ['/payment/methods/withdrawal', '/player/profile', '/game/games', '/player/sessionsx', '/wallet/accountsx']
    expect(listed.filter((path) => !sendsClientInfo(path))).toEqual([])
    expect(unlisted.filter(sendsClientInfo)).toEqual([])
  })

  it('say web and the site origin by default, and what the start-up decided otherwise', async () => {
    const fetchMock = stubFetch(() => json(200, {}))

    await apiRequest('/wallet/accounts')
    setClientInfo({ platform: 'tg', source: 'https://t.me/sandbox_casino_bot' })
    await apiRequest('/player/tg_login', { method: 'POST', auth: 'none', body: {} })
    await apiRequest('/player/profile')

    expect([headersOf(fetchMock, 0).get('platform'), headersOf(fetchMock, 0).get('source')]).toEqual(['web', window.location.origin])
    expect([headersOf(fetchMock, 1).get('platform'), headersOf(fetchMock, 1).get('source')]).toEqual([
      'tg',
      'https://t.me/sandbox_casino_bot',
    ])
    expect(headersOf(fetchMock, 2).has('platform')).toBe(false)
    expect(headersOf(fetchMock, 2).has('source')).toBe(false)
  })
})

describe('response size cap', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  /** A streamed body without Content-Length, as a chunked response arrives. */
  function streamed(bytes: number): Response {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) {
          controller.close()
          return
        }
        const part = chunk.subarray(0, Math.min(chunk.byteLength, bytes - sent))
        sent += part.byteLength
        controller.enqueue(part)
      },
    })
    return new Response(body, { status: 200 })
  }

  it('accepts a body of exactly 512 KB', async () => {
    const body = JSON.stringify({ data: 'y'.repeat(MAX_RESPONSE_BYTES - 11) })
    expect(new TextEncoder().encode(body).byteLength).toBe(MAX_RESPONSE_BYTES)
    stubFetch(() => Promise.resolve(new Response(body, { status: 200 })))

    await expect(apiRequest<{ data: string }>('/game/games')).resolves.toMatchObject({ data: expect.any(String) as string })
  })

  it('refuses a larger streamed body with a clear ApiError', async () => {
    stubFetch(() => Promise.resolve(streamed(MAX_RESPONSE_BYTES + 1)))

    const error = await rejectionOf(apiRequest('/game/games'))

    expect(error).toMatchObject({ status: 200, code: 'response_too_large', message: 'The server sent a response that is too large.' })
  })

  it('refuses a body whose Content-Length is over the cap without reading it', async () => {
    const cancel = vi.fn()
    const body = new ReadableStream<Uint8Array>({ cancel })
    stubFetch(() =>
      Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Length': String(MAX_RESPONSE_BYTES + 1) } })),
    )

    await expect(apiRequest('/game/games')).rejects.toMatchObject({ code: 'response_too_large' })
    expect(cancel).toHaveBeenCalled()
  })
})
