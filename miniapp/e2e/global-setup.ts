import { spawn } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { BASE_URL_ENV } from '../playwright.config'
import { E2E_BOT_TOKEN, FAKE_BOT_API_ENV, startFakeBotApi } from './fake-bot-api'

const miniappDir = fileURLToPath(new URL('..', import.meta.url))
const repoRoot = path.resolve(miniappDir, '..')
const stackBinary = path.join(repoRoot, 'target', 'debug', 'stack')
const staticDir = path.join(miniappDir, 'dist')

const READY_TIMEOUT_MS = 60_000
const READY_POLL_MS = 250
const STOP_GRACE_MS = 10_000
const LOG_TAIL_LINES = 40
const LOGGED_ERRORS_SHOWN = 20
/** Where the stack's whole log is kept after a run (Playwright's output folder, ignored by git). */
const keptLogFile = path.join(miniappDir, 'test-results', 'stack.log')
// The log is coloured with ANSI escapes.
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g

/**
 * Starts the real stack (platform, services, the bot and the miniapp's production build) on a free port
 * with a throw-away data directory, the bot against a fake Bot API (`fake-bot-api.ts`), and returns the
 * teardown that stops them and removes the directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(stackBinary)) {
    throw new Error(`The stack binary ${stackBinary} is missing: run \`cargo build -p stack\` first.`)
  }
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir} has no production build: run \`npm run build\` first.`)
  }

  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'miniapp-e2e-'))
  const botApi = await startFakeBotApi()
  const stack = startStack(port, dataDir, botApi.url)
  const teardown = async () => {
    await stack.stop()
    await botApi.stop()
    await keepLog(stack.logFile)
    await rm(dataDir, { recursive: true, force: true })
  }

  const baseURL = `http://127.0.0.1:${String(port)}`
  try {
    await waitUntilReady(stack, `${baseURL}/readyz`)
  } catch (error) {
    await stack.stop()
    const tail = await logTail(stack.logFile)
    await teardown()
    throw new Error(`${(error as Error).message}\n--- last lines of the stack's log ---\n${tail}`, { cause: error })
  }

  // The static pages and questions as a deployment serves them: pre-rendered from the platform's content.
  await prerender(`${baseURL}/api`).catch(async (error: unknown) => {
    await teardown()
    throw error
  })

  process.env[BASE_URL_ENV] = baseURL
  process.env[FAKE_BOT_API_ENV] = botApi.url
  return teardown
}

interface RunningStack {
  logFile: string
  /** Why the process ended, once it has. */
  exitReason: () => string | undefined
  /** Stops the process (if it still runs) and waits until its whole output is in the log. */
  stop: () => Promise<void>
}

function startStack(port: number, dataDir: string, botApiUrl: string): RunningStack {
  const logFile = path.join(dataDir, 'stack.log')
  const log = createWriteStream(logFile)
  const child = spawn(stackBinary, [], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      RUST_LOG: 'warn',
      // TON Connect's wallets list, as an operator allows it; e2e/ton-wallet.ts answers it in the browser.
      CSP_CONNECT_SRC: 'https://config.ton.org',
      // The bot in-process, as `make run` starts it with a token: the platform's Telegram routes reach it.
      TELEGRAM_BOT_TOKEN: E2E_BOT_TOKEN,
      TELEGRAM_API_URL: botApiUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Both streams share the log, so neither may end it on its own.
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })

  let exitReason: string | undefined
  const closed = new Promise<void>((resolve) => {
    child.once('close', (code, signal) => {
      exitReason = signal ? `signal ${signal}` : `code ${String(code)}`
      log.end(resolve)
    })
  })
  child.once('error', (error) => {
    exitReason = error.message
  })

  return {
    logFile,
    exitReason: () => exitReason,
    stop: async () => {
      if (exitReason === undefined) {
        child.kill('SIGTERM')
        const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
        await closed
        clearTimeout(killTimer)
      }
      await closed
    },
  }
}

/** Runs `tooling/prerender.ts` (with this Node, which strips its types) into the build the stack serves. */
function prerender(api: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(miniappDir, 'tooling', 'prerender.ts'), '--api', api, '--dist', staticDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`Pre-rendering the content pages failed (exit ${String(code)}):\n${errors}`))
    })
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not pick a free port'))
      })
    })
  })
}

async function waitUntilReady(stack: RunningStack, readyUrl: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    const exitReason = stack.exitReason()
    if (exitReason !== undefined) throw new Error(`The stack exited early (${exitReason}).`)
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) })
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
  }
  throw new Error(`The stack was not ready at ${readyUrl} within ${String(READY_TIMEOUT_MS / 1000)} s.`)
}

/**
 * Keeps the stack's log beside the test results and prints the errors it logged, so a run whose
 * pages met server faults shows their cause next to the failing tests.
 */
async function keepLog(logFile: string): Promise<void> {
  const text = await readFile(logFile, 'utf8').catch(() => '')
  await mkdir(path.dirname(keptLogFile), { recursive: true })
  await copyFile(logFile, keptLogFile).catch(() => undefined)
  const errors = text
    .split('\n')
    .map((line) => line.replace(ANSI_ESCAPE, ''))
    .filter((line) => line.includes(' ERROR '))
  if (errors.length === 0) return
  console.log(
    `\nThe stack logged ${String(errors.length)} error(s) during the run (whole log: ${keptLogFile}):\n` +
      errors.slice(0, LOGGED_ERRORS_SHOWN).join('\n'),
  )
}

async function logTail(logFile: string): Promise<string> {
  const text = await readFile(logFile, 'utf8').catch(() => '')
  return text.trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n') || '(the log is empty)'
}
