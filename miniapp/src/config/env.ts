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
  /**
   * How long the start-up preloader stays after the first page has finished (spec section 2, "page
   * preloader delay default 1000 ms"). An operator who wants the page at once sets 0.
   */
  VITE_PAGE_PRELOADER_DELAY_MS: number
  /**
   * The identity-verification service's web SDK (Sumsub's `sns-websdk-builder.js`); the sandbox's
   * stand-in by default. A real host must also be in the edge's `CSP_SCRIPT_SRC` and `CSP_FRAME_SRC`.
   */
  VITE_SUMSUB_SDK_URL: string
  /**
   * The sportsbook widget's script (Altenar's `altenarWSDK`); the sandbox's stand-in by default. A stage
   * build sets the provider's stage host, a production build its production host; a real host must also
   * be in the edge's `CSP_SCRIPT_SRC` and `CSP_CONNECT_SRC`.
   */
  VITE_SPORTSBOOK_SCRIPT_URL: string
  /** The operator's integration name at the sportsbook provider (the widget's `init({ integration })`). */
  VITE_SPORTSBOOK_INTEGRATION: string
  /**
   * The project's Telegram news channel (`https://t.me/...`), which the `tg-news` and `telegram-news`
   * dialogs offer; without it they say there is none yet.
   */
  VITE_TELEGRAM_NEWS_URL?: string
  /**
   * Where the ad-retargeting pixel's image beacons go (spec section 7, "Pixel beacon"): the sandbox's
   * collector by default, the operator's pixel host in a deployment, `off` for none. Beacons are sent
   * only after the visitor accepts all cookies.
   */
  VITE_PIXEL_URL?: string
  /**
   * The forms' captcha (spec section 4): `v2` (the visible checkbox), `enterprise` (the invisible score
   * check, action `frontend_form`) or `off`. The platform checks the tokens (`CAPTCHA_PROVIDER`); both
   * sides must agree.
   */
  VITE_CAPTCHA: 'v2' | 'enterprise' | 'off'
  /** The captcha's site key; the sandbox's by default. */
  VITE_CAPTCHA_SITE_KEY: string
  /**
   * The captcha's script: the sandbox's stand-in by default; Google's
   * `https://www.google.com/recaptcha/api.js?render=explicit` (v2) or
   * `https://www.google.com/recaptcha/enterprise.js?render={siteKey}` in a deployment, whose host also
   * goes into the edge's `CSP_SCRIPT_SRC` and `CSP_FRAME_SRC`.
   */
  VITE_CAPTCHA_SCRIPT_URL: string
  /**
   * The live chat's host (Freshchat's, e.g. `https://wchat.freshchat.com`; its widget is
   * `{host}/js/widget.js`): the sandbox's stand-in by default, `off` for no chat (spec section 1: the
   * chat exists only with a host and a token).
   */
  VITE_CHAT_HOST?: string
  /** The live chat's token (Freshchat's web-widget token). */
  VITE_CHAT_TOKEN: string
  /**
   * The operator's Google Tag Manager container (`GTM-XXXXXXX`): unset, none. Loaded only after the
   * visitor accepts all cookies; `www.googletagmanager.com` then also goes into the edge's
   * `CSP_SCRIPT_SRC` (and what its tags load, into the other directives).
   */
  VITE_GTM_ID?: string
  /**
   * The operator's Microsoft Clarity project (web analytics with session replay): unset, none. Loaded
   * only after the visitor accepts all cookies; `https://www.clarity.ms` and `https://*.clarity.ms`
   * then go into the edge's `CSP_SCRIPT_SRC` and `CSP_CONNECT_SRC`.
   */
  VITE_CLARITY_ID?: string
}

type Rule =
  | { kind: 'required' }
  | { kind: 'default'; value: string }
  | { kind: 'optional' }
  /** Optional; when given, a `https://t.me/...` address (a channel or a bot), refused otherwise. */
  | { kind: 'telegram-link' }
  /** A `https://` address or a same-site path, `value` when unset; `off` leaves it unset. */
  | { kind: 'endpoint-or-off'; value: string }
  | { kind: 'milliseconds'; value: number }
  /** Optional; when given, it must match `pattern` (`hint` says how). */
  | { kind: 'pattern'; pattern: RegExp; hint: string }
  /** One of `values`, `value` when unset. */
  | { kind: 'choice'; values: readonly string[]; value: string }

/** The longest delay a milliseconds setting accepts: a minute is already far beyond any sensible value. */
const MAX_MILLISECONDS = 60_000

/** A public Telegram address: a channel, a group or a bot by its username. */
const TELEGRAM_LINK = /^https:\/\/t\.me\/[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)?$/

/** An absolute `https://` address or a path on this site (not `//host`, which would be another site). */
const ENDPOINT = /^(https:\/\/[^\s/]+|\/(?!\/))\S*$/

const schema: Record<keyof Env, Rule> = {
  MODE: { kind: 'required' },
  VITE_APP_NAME: { kind: 'default', value: 'Sandbox Casino' },
  VITE_SUPPORT_URL: { kind: 'default', value: 'mailto:support@example.com' },
  VITE_BOT_URL: { kind: 'optional' },
  VITE_PAGE_PRELOADER_DELAY_MS: { kind: 'milliseconds', value: 1000 },
  VITE_SUMSUB_SDK_URL: { kind: 'default', value: '/sandbox/sumsub/websdk.js' },
  VITE_SPORTSBOOK_SCRIPT_URL: { kind: 'default', value: '/sandbox/sportsbook/wsdk.js' },
  VITE_SPORTSBOOK_INTEGRATION: { kind: 'default', value: 'sandbox' },
  VITE_TELEGRAM_NEWS_URL: { kind: 'telegram-link' },
  VITE_PIXEL_URL: { kind: 'endpoint-or-off', value: '/sandbox/pixel' },
  VITE_CAPTCHA: { kind: 'choice', values: ['v2', 'enterprise', 'off'], value: 'v2' },
  VITE_CAPTCHA_SITE_KEY: { kind: 'default', value: 'sandbox' },
  VITE_CAPTCHA_SCRIPT_URL: { kind: 'default', value: '/sandbox/captcha/api.js' },
  VITE_CHAT_HOST: { kind: 'endpoint-or-off', value: '/sandbox/chat' },
  VITE_CHAT_TOKEN: { kind: 'default', value: 'sandbox' },
  VITE_GTM_ID: { kind: 'pattern', pattern: /^GTM-[A-Z0-9]{4,12}$/, hint: 'a Tag Manager container id, GTM-XXXXXXX' },
  VITE_CLARITY_ID: { kind: 'pattern', pattern: /^[a-z0-9]{6,16}$/, hint: 'a Clarity project id, lower-case letters and digits' },
}

/** Parses the environment; every bad value is named in one error. */
export function parseEnv(source: Record<string, unknown>): Env {
  const parsed: Partial<Record<keyof Env, string | number>> = {}
  const problems: string[] = []
  for (const [name, rule] of Object.entries(schema) as [keyof Env, Rule][]) {
    const raw = source[name]
    if (raw === undefined) {
      if (rule.kind === 'default' || rule.kind === 'milliseconds' || rule.kind === 'endpoint-or-off' || rule.kind === 'choice') parsed[name] = rule.value
      if (rule.kind === 'required') problems.push(`✖ ${name}: is required`)
      continue
    }
    if (typeof raw !== 'string') {
      problems.push(`✖ ${name}: must be text`)
      continue
    }
    const value = name === 'MODE' ? raw : raw.trim()
    if (value === '') problems.push(`✖ ${name}: must not be empty`)
    else if (rule.kind === 'telegram-link' && !TELEGRAM_LINK.test(value)) problems.push(`✖ ${name}: must be a https://t.me/ address`)
    else if (rule.kind === 'pattern' && !rule.pattern.test(value)) problems.push(`✖ ${name}: must be ${rule.hint}`)
    else if (rule.kind === 'choice' && !rule.values.includes(value)) problems.push(`✖ ${name}: must be one of ${rule.values.join(', ')}`)
    else if (rule.kind === 'endpoint-or-off' && value === 'off') continue
    else if (rule.kind === 'endpoint-or-off' && !ENDPOINT.test(value)) problems.push(`✖ ${name}: must be a https:// address, a path from /, or off`)
    else if (rule.kind !== 'milliseconds') parsed[name] = value
    else if (/^\d+$/.test(value) && Number(value) <= MAX_MILLISECONDS) parsed[name] = Number(value)
    else problems.push(`✖ ${name}: must be a whole number of milliseconds from 0 to ${String(MAX_MILLISECONDS)}`)
  }
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`)
  return parsed as Env
}

export const env = parseEnv(import.meta.env)
