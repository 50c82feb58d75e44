import { REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_WARNING_MS } from '@/config/constants'

/** Every platform call lives under this same-origin prefix. */
export const API_PREFIX = '/api'

export const TRACE_ID_HEADER = 'X-Trace-Id'

/** Error codes the client itself produces when the server gave no usable error body. */
export const CLIENT_ERROR_CODES = {
  timeout: 'timeout',
  network: 'network_error',
  unknown: 'unknown_error',
  invalidResponse: 'invalid_response',
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

export type QueryValue = string | number | boolean | undefined

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Record<string, QueryValue>
  body?: unknown
  /** Cancels the call, e.g. TanStack Query's signal when a query is no longer needed. */
  signal?: AbortSignal | undefined
}

/** Calls `/api{path}` on this origin and resolves with the parsed JSON body. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options
  signal?.throwIfAborted()
  const url = buildUrl(path, query)
  const traceId = createTraceId()
  const label = `${method} ${url.pathname}${url.search}`

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

  const headers = new Headers({ Accept: 'application/json', [TRACE_ID_HEADER]: traceId })
  if (body !== undefined) headers.set('Content-Type', 'application/json')

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
      text = await response.text()
    } catch (cause) {
      if (signal?.aborted) throw cause
      console.warn(`[api] ${label} got no response`, { traceId })
      // Not cancelled by the caller, so an abort can only be the timeout.
      throw timeout.signal.aborted
        ? new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: 'The server took too long to respond.', traceId })
        : new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.', traceId })
    }

    if (!response.ok) throw errorFromResponse(response.status, text, traceId)
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
