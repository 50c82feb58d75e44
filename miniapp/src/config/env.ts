import * as z from 'zod/mini'

const envSchema = z.object({
  MODE: z.string().check(z.minLength(1, 'must not be empty')),
  VITE_APP_NAME: z._default(z.string().check(z.trim(), z.minLength(1, 'must not be empty')), 'Sandbox Casino'),
  /** Where a blocked player reaches support (the blocked-account alert links to it). */
  VITE_SUPPORT_URL: z._default(z.string().check(z.trim(), z.minLength(1, 'must not be empty')), 'mailto:support@example.com'),
  /** The bot's URL, sent as the `source` header in Telegram mode; the site origin when unset. */
  VITE_BOT_URL: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
})

export type Env = z.infer<typeof envSchema>

/** Parses the build-time environment; a bad value stops the app at start-up instead of misbehaving later. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    throw new Error(`Invalid environment configuration:\n${z.prettifyError(result.error)}`)
  }
  return result.data
}

export const env = parseEnv(import.meta.env)
