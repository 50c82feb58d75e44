/**
 * The build-time environment, parsed once at start-up: a bad value stops the app instead of misbehaving
 * later. A small hand-written schema rather than a validation library: it runs on the home page's
 * critical path, where every kilobyte counts (docs/performance.md).
 */
export interface Env {
  MODE: string
  VITE_APP_NAME: string
  /** Where a blocked player reaches support (the blocked-account alert links to it). */
  VITE_SUPPORT_URL: string
  /** The bot's URL, sent as the `source` header in Telegram mode; the site origin when unset. */
  VITE_BOT_URL?: string
}

type Rule = { kind: 'required' } | { kind: 'default'; value: string } | { kind: 'optional' }

const schema: Record<keyof Env, Rule> = {
  MODE: { kind: 'required' },
  VITE_APP_NAME: { kind: 'default', value: 'Sandbox Casino' },
  VITE_SUPPORT_URL: { kind: 'default', value: 'mailto:support@example.com' },
  VITE_BOT_URL: { kind: 'optional' },
}

/** Parses the environment; every bad value is named in one error. */
export function parseEnv(source: Record<string, unknown>): Env {
  const parsed: Partial<Record<keyof Env, string>> = {}
  const problems: string[] = []
  for (const [name, rule] of Object.entries(schema) as [keyof Env, Rule][]) {
    const raw = source[name]
    if (raw === undefined) {
      if (rule.kind === 'default') parsed[name] = rule.value
      if (rule.kind === 'required') problems.push(`✖ ${name}: is required`)
      continue
    }
    if (typeof raw !== 'string') {
      problems.push(`✖ ${name}: must be text`)
      continue
    }
    const value = name === 'MODE' ? raw : raw.trim()
    if (value === '') problems.push(`✖ ${name}: must not be empty`)
    else parsed[name] = value
  }
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`)
  return parsed as Env
}

export const env = parseEnv(import.meta.env)
