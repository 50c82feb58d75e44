import { createServer, type IncomingMessage, type Server } from 'node:http'

/** The token the e2e stack's bot runs with: the sandbox's, which also signs its local Telegram launches. */
export const E2E_BOT_TOKEN = '7000000001:AAE-sandbox_test_token_not_for_prod'
/** The fake's address, for the test workers to read its calls (`botApiCalls`). */
export const FAKE_BOT_API_ENV = 'E2E_FAKE_BOT_API_URL'
/** The username the fake's `getMe` answers: the bot's `t.me` links carry it. */
export const E2E_BOT_USERNAME = 'casino_e2e_bot'

interface BotApiCall {
  /** Lower case, as Bot API method names are case-insensitive. */
  method: string
  body: Record<string, unknown>
  /** What the fake answered. */
  result: unknown
}

/** How long an empty `getUpdates` waits at most: short, so the stack stops promptly. */
const LONG_POLL_MS = 1_000

/**
 * A stand-in for Telegram's Bot API on loopback, for the bot the e2e stack runs in-process: every call is
 * recorded and answered as Telegram would, `getUpdates` finds no updates. `GET /calls?method=` lists the
 * recorded calls of a method, so a test can see what the bot asked of Telegram.
 */
export async function startFakeBotApi(): Promise<{ url: string; stop: () => Promise<void> }> {
  const calls: BotApiCall[] = []
  let messageId = 0
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      if (request.method === 'GET' && url.pathname === '/calls') {
        const method = url.searchParams.get('method')?.toLowerCase()
        respond(response, calls.filter((call) => method === undefined || call.method === method))
        return
      }
      const [, token = '', rawMethod = ''] = /^\/bot([^/]+)\/([^/]+)$/.exec(url.pathname) ?? []
      if (token !== E2E_BOT_TOKEN) {
        respond(response, { ok: false, error_code: 401, description: 'Unauthorized' }, 401)
        return
      }
      const method = rawMethod.toLowerCase()
      const body = await readJson(request)
      if (method === 'getupdates') {
        await new Promise((resolve) => setTimeout(resolve, Math.min(LONG_POLL_MS, Number(body.timeout ?? 0) * 1000)))
        respond(response, { ok: true, result: [] })
        return
      }
      const result = answer(method, body, () => (messageId += 1), calls.length + 1)
      calls.push({ method, body, result })
      respond(response, { ok: true, result })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake Bot API has no port')
  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

function answer(method: string, body: Record<string, unknown>, nextMessageId: () => number, callNumber: number): unknown {
  switch (method) {
    case 'getme':
      return {
        id: 7000000001,
        is_bot: true,
        first_name: 'Casino',
        username: E2E_BOT_USERNAME,
        can_join_groups: false,
        can_read_all_group_messages: false,
        supports_inline_queries: true,
        has_main_web_app: true,
      }
    case 'getwebhookinfo':
      return { url: '', has_custom_certificate: false, pending_update_count: 0 }
    case 'sendmessage':
      return {
        message_id: nextMessageId(),
        date: Math.floor(Date.now() / 1000),
        chat: { id: body.chat_id, type: 'private', first_name: 'Player' },
        text: body.text,
      }
    case 'savepreparedinlinemessage':
      return { id: `prepared-${String(callNumber)}`, expiration_date: Math.floor(Date.now() / 1000) + 3600 }
    default:
      return true
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>
  } catch {
    return {}
  }
}

function respond(response: import('node:http').ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** The calls of `method` the e2e stack's bot made so far (from a test worker). */
export async function botApiCalls(method: string): Promise<BotApiCall[]> {
  const base = process.env[FAKE_BOT_API_ENV]
  if (base === undefined) throw new Error(`${FAKE_BOT_API_ENV} is not set: the e2e global setup starts the fake Bot API`)
  const response = await fetch(`${base}/calls?method=${encodeURIComponent(method)}`)
  return (await response.json()) as BotApiCall[]
}
