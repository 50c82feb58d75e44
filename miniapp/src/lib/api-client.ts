import { MAX_RESPONSE_BYTES, REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_WARNING_MS } from '@/config/constants'
import { LOCALE_TAGS, requestedLocale } from '@/lib/i18n'

/** Every platform call lives under this same-origin prefix. */
const API_PREFIX = '/api'

export const TRACE_ID_HEADER = 'X-Trace-Id'

/** Error codes the client itself produces when the server gave no usable error body. */
export const CLIENT_ERROR_CODES = {
  timeout: 'timeout',
  network: 'network_error',
  unknown: 'unknown_error',
  invalidResponse: 'invalid_response',
  responseTooLarge: 'response_too_large',
  sessionExpired: 'session_expired',
} as const

/** Per-field messages of a validation failure, keyed by field name. */
export type ApiErrorFields = Record<string, string>

/** The one error type every failed call becomes. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly traceId: string
  readonly fields: ApiErrorFields | undefined

  constructor(init: { status: number; code: string; message: string; traceId: string; fields?: ApiErrorFields | undefined }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.traceId = init.traceId
    this.fields = init.fields
  }
}

/**
 * A failure that is no fault of the request and may pass if the player tries again: no answer (network
 * or time-out), too many requests, or a server restarting or shedding load (502, 503, 504; the edges
 * answer an unreachable upstream with 502 or 504, the services a shed request with 503).
 */
export function isTransientFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && [0, 429, 502, 503, 504].includes(error.status)
}

type QueryValue = string | number | boolean | undefined

/**
 * Whose bearer token a call carries: the session's (the default; refreshed first when about to expire,
 * and a 401 or 403 reported to the session), none (public calls and logins, whose 401 and 403 mean
 * something else), or a given one (the token refresh itself).
 */
type ApiAuth = 'session' | 'none' | { bearer: string }

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Record<string, QueryValue>
  body?: unknown
  /** Cancels the call, e.g. TanStack Query's signal when a query is no longer needed. */
  signal?: AbortSignal | undefined
  auth?: ApiAuth
}

/** What the session layer lends the client; the client never reads storage itself. */
export interface ApiSession {
  /** A token good for the next call (refreshed first when about to expire), or undefined for a guest. */
  accessToken: () => Promise<string | undefined>
  /** A session call was refused with 401 or 403: the session clears itself and asks for sign-in. */
  onUnauthorized: (error: ApiError) => void
}

let session: ApiSession | undefined

/** Lends the client the session; returns the function that takes it back. */
export function connectApiSession(connected: ApiSession): () => void {
  session = connected
  return () => {
    if (session === connected) session = undefined
  }
}

/** The session's token, refreshed first when about to expire; for other clients (the real-time socket). */
export async function sessionAccessToken(): Promise<string | undefined> {
  return session?.accessToken()
}

/** How the player reached the product, sent as the `platform` and `source` headers. */
export interface ClientInfo {
  platform: 'tg' | 'web'
  /** The bot URL in Telegram, the site origin in a browser. */
  source: string
}

let clientInfo: ClientInfo | undefined

/** Set once at start-up, when the mode (Telegram or web) is decided; web on this origin until then. */
export function setClientInfo(info: ClientInfo | undefined): void {
  clientInfo = info
}

/** The calls that carry `source` and `platform` (spec section 7): deposit methods, wallet accounts, sessions, register, tg_login. */
const CLIENT_INFO_PATHS = [
  /^\/payment\/methods\/deposit(?:$|[/?])/,
  /^\/wallet\/accounts(?:$|[/?])/,
  /^\/player\/sessions(?:$|[/?])/,
  /^\/player\/register(?:$|[/?])/,
  /^\/player\/tg_login(?:$|[/?])/,
]

export function sendsClientInfo(path: string): boolean {
  return CLIENT_INFO_PATHS.some((pattern) => pattern.test(path))
}

/** The items of a list endpoint: the platform wraps every list in `{"data": [...]}`. */
export async function apiList<T>(path: string, options: ApiRequestOptions = {}): Promise<T[]> {
  const response = await apiRequest<{ data: T[] }>(path, options)
  return response.data
}

/** Calls `/api{path}` on this origin and resolves with the parsed JSON body. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, auth = 'session' } = options
  signal?.throwIfAborted()
  const url = buildUrl(path, query)
  const traceId = createTraceId()
  const label = `${method} ${url.pathname}${url.search}`

  // The platform answers in the page's language what it names (collections, bonuses, notifications...).
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': LOCALE_TAGS[requestedLocale()], [TRACE_ID_HEADER]: traceId })
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  if (sendsClientInfo(path)) {
    const info = clientInfo ?? { platform: 'web', source: window.location.origin }
    headers.set('platform', info.platform)
    headers.set('source', info.source)
  }
  const bearer = await bearerFor(auth, traceId)
  if (bearer !== undefined) headers.set('Authorization', `Bearer ${bearer}`)
  signal?.throwIfAborted()

  const timeout = new AbortController()
  const abortFromCaller = () => {
    timeout.abort(signal?.reason)
  }
  signal?.addEventListener('abort', abortFromCaller, { once: true })
  const timeoutTimer = setTimeout(() => {
    timeout.abort()
  }, REQUEST_TIMEOUT_MS)
  const slowTimer = setTimeout(() => {
    console.warn(`[api] ${label} is taking longer than ${REQUEST_TIMEOUT_WARNING_MS} ms`, { traceId })
  }, REQUEST_TIMEOUT_WARNING_MS)

  try {
    let response: Response
    let text: string
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: timeout.signal,
      })
      text = await readCapped(response, traceId)
    } catch (cause) {
      if (signal?.aborted || cause instanceof ApiError) throw cause
      console.warn(`[api] ${label} got no response`, { traceId })
      // Not cancelled by the caller, so an abort can only be the timeout.
      throw timeout.signal.aborted
        ? new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: 'The server took too long to respond.', traceId })
        : new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.', traceId })
    }

    if (!response.ok) {
      const error = errorFromResponse(response.status, text, traceId)
      if (auth === 'session' && (error.status === 401 || error.status === 403)) session?.onUnauthorized(error)
      throw error
    }
    // No content (204, e.g. logout) is a success without a body.
    if (text === '') return undefined as T
    try {
      return JSON.parse(text) as T
    } catch {
      throw new ApiError({
        status: response.status,
        code: CLIENT_ERROR_CODES.invalidResponse,
        message: 'The server sent a response that could not be read.',
        traceId,
      })
    }
  } finally {
    clearTimeout(timeoutTimer)
    clearTimeout(slowTimer)
    signal?.removeEventListener('abort', abortFromCaller)
  }
}

/**
 * How long an upload may take: a 10 MB document over a slow mobile link needs far more than the spec's
 * 10 seconds for calls, which are small JSON bodies.
 */
const UPLOAD_TIMEOUT_MS = 120_000

export interface UploadOptions {
  /** The share of the body sent so far, from 0 to 1. */
  onProgress?: (sent: number) => void
  signal?: AbortSignal | undefined
}

/**
 * Sends a multipart form to `/api{path}` with the session's token, reporting the upload's progress
 * (`fetch` cannot), and resolves with the parsed JSON answer; failures are the same `ApiError`s as
 * `apiRequest`'s.
 */
export async function apiUpload<T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  signal?.throwIfAborted()
  const url = buildUrl(path, undefined)
  const traceId = createTraceId()
  const bearer = await bearerFor('session', traceId)
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.timeout = UPLOAD_TIMEOUT_MS
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('Accept-Language', LOCALE_TAGS[requestedLocale()])
    request.setRequestHeader(TRACE_ID_HEADER, traceId)
    if (bearer !== undefined) request.setRequestHeader('Authorization', `Bearer ${bearer}`)
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    const unreachable = (code: string, message: string) => {
      reject(new ApiError({ status: 0, code, message, traceId }))
    }
    request.addEventListener('error', () => {
      unreachable(CLIENT_ERROR_CODES.network, 'The server could not be reached.')
    })
    request.addEventListener('timeout', () => {
      unreachable(CLIENT_ERROR_CODES.timeout, 'The server took too long to respond.')
    })
    request.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'))
    })
    request.addEventListener('load', () => {
      const text = request.responseText
      if (request.status < 200 || request.status >= 300) {
        const error = errorFromResponse(request.status, text, traceId)
        if (error.status === 401 || error.status === 403) session?.onUnauthorized(error)
        reject(error)
        return
      }
      try {
        resolve((text === '' ? undefined : JSON.parse(text)) as T)
      } catch {
        reject(new ApiError({ status: request.status, code: CLIENT_ERROR_CODES.invalidResponse, message: 'The server sent a response that could not be read.', traceId }))
      }
    })
    signal?.addEventListener('abort', () => {
      request.abort()
    }, { once: true })
    request.send(form)
  })
}

async function bearerFor(auth: ApiAuth, traceId: string): Promise<string | undefined> {
  if (auth === 'none') return undefined
  if (auth !== 'session') return auth.bearer
  try {
    return await session?.accessToken()
  } catch {
    // The session has already logged out (or re-logged the messenger player in); this call is lost.
    throw new ApiError({
      status: 401,
      code: CLIENT_ERROR_CODES.sessionExpired,
      message: 'The session has expired. Please sign in again.',
      traceId,
    })
  }
}

/** The body as text, refusing one over the spec's 512 KB without reading the rest of it. */
async function readCapped(response: Response, traceId: string): Promise<string> {
  const tooLarge = () => {
    console.warn(`[api] response over ${MAX_RESPONSE_BYTES} bytes refused`, { traceId })
    return new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.responseTooLarge,
      message: 'The server sent a response that is too large.',
      traceId,
    })
  }
  if (Number(response.headers.get('Content-Length') ?? 0) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel()
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): URL {
  const url = new URL(`${API_PREFIX}${path}`, window.location.origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url
}

function errorFromResponse(status: number, text: string, traceId: string): ApiError {
  const body = parseErrorBody(text)
  return new ApiError({
    status,
    code: body?.code ?? CLIENT_ERROR_CODES.unknown,
    message: body?.message ?? `The request failed with status ${String(status)}.`,
    traceId,
    fields: body?.fields,
  })
}

function parseErrorBody(text: string): { code: string; message: string; fields?: ApiErrorFields } | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return undefined
    return { code: value.code, message: value.message, ...(isFieldMessages(value.fields) ? { fields: value.fields } : {}) }
  } catch {
    return undefined
  }
}

function isFieldMessages(value: unknown): value is ApiErrorFields {
  return isRecord(value) && Object.values(value).every((message) => typeof message === 'string')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A random UUID v4; `crypto.randomUUID` is missing outside secure contexts (e.g. a LAN dev server). */
function createTraceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
