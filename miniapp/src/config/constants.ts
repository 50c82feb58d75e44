// Business constants from the client spec (section 9), named as the spec names them.

/** "Request timeout: 10 seconds". */
export const REQUEST_TIMEOUT_MS = 10_000

/** "Request time-out warning: 2000 ms". */
export const REQUEST_TIMEOUT_WARNING_MS = 2000

/** "Settings cache: 15 minutes". */
export const SETTINGS_CACHE_MS = 15 * 60 * 1000

/** "Request timeout: ... max response 512 KB". */
export const MAX_RESPONSE_BYTES = 512 * 1024

/** "Token storage: 365 days". */
export const TOKEN_STORAGE_MS = 365 * 24 * 60 * 60 * 1000

/** "Token storage: ... expired 10 seconds before exp". */
export const TOKEN_EXPIRY_MARGIN_MS = 10_000

/** "Refresh-session lock poll: every 500 ms". */
export const REFRESH_LOCK_POLL_MS = 500

/** "Refresh-session lock poll: ... up to 10 times". */
export const REFRESH_LOCK_POLL_ATTEMPTS = 10

/** "Crypto display: BTC and ETH shown in a sub-unit, ratio 1000 to 1". */
export const CRYPTO_SUB_UNIT_CURRENCIES: readonly string[] = ['BTC', 'ETH']
export const CRYPTO_SUB_UNIT_RATIO = 1000

/** "Equivalent balance: rounded to 2 decimals". */
export const EQUIVALENT_FRACTION_DIGITS = 2

/** "Age years: 365 days". */
export const AGE_YEAR_DAYS = 365

/** "Nickname length: 3 to 24". */
export const NICKNAME_MIN_LENGTH = 3
export const NICKNAME_MAX_LENGTH = 24

/** "Password: at least 8". */
export const PASSWORD_MIN_LENGTH = 8

/** "Full name: at most 30". */
export const FULL_NAME_MAX_LENGTH = 30

/** "Modal z-index: base 1000, step 2". */
export const MODAL_Z_INDEX_BASE = 1000
export const MODAL_Z_INDEX_STEP = 2

/** "Real-time defaults: reconnect delay 500 to 20000 ms; request time-out 5000 ms; server ping allowance 10000 ms". */
export const REALTIME_MIN_RECONNECT_DELAY_MS = 500
export const REALTIME_MAX_RECONNECT_DELAY_MS = 20_000
export const REALTIME_TIMEOUT_MS = 5000
export const REALTIME_MAX_SERVER_PING_DELAY_MS = 10_000

/** "Affiliate tag lifetime: 86400 seconds times configured days (default 30)". */
const AFFILIATE_TAG_LIFETIME_DAYS = 30
export const AFFILIATE_TAG_LIFETIME_MS = 86_400 * 1000 * AFFILIATE_TAG_LIFETIME_DAYS

/** "Toast lifetime: 3000 ms, or 5000 ms with a description". */
export const TOAST_LIFETIME_MS = 3000
export const TOAST_WITH_DESCRIPTION_LIFETIME_MS = 5000

/** "Alert spacing: at least 400 ms". */
export const ALERT_SPACING_MS = 400

/** "Success alert after social registration: 1 second". */
export const SOCIAL_REGISTRATION_ALERT_DELAY_MS = 1000

/** "Forced page reload: at most once per path within 10 seconds". */
export const FORCED_RELOAD_WINDOW_MS = 10_000

/**
 * How often the build manifest is polled. The spec names no value; an hour, as common framework defaults
 * (Nuxt's app manifest) do: a new build is picked up within the hour without polling a CDN every minute.
 */
export const BUILD_MANIFEST_POLL_MS = 60 * 60 * 1000

/** "Preloader: hides after 500 ms, removed after 1000 ms": when it leaves the page (the 500 ms are its CSS fade). */
export const PRELOADER_REMOVE_MS = 1000

/**
 * "Route resolve wait: up to 100 ms": how long a navigation waits for its route rule. A later answer is
 * applied when it arrives, if the player is still on that page.
 */
export const ROUTE_RESOLVE_WAIT_MS = 100

// Retention (spec section 9).

/** "Bonus and free-spin list refresh debounce: 500 ms". */
export const BONUS_LIST_REFRESH_DEBOUNCE_MS = 500

/** "Level-up in-page notification: 3 seconds". */
export const LEVEL_UP_NOTICE_MS = 3000

/** "Popover notification list: 3 items; unread page size 20 by default". */
export const NOTIFICATION_POPOVER_ITEMS = 3
export const NOTIFICATION_PAGE_SIZE = 20

/** "Notification tab default: cashBonuses". */
export const NOTIFICATION_TAB_DEFAULT = 'cashBonuses'

/** "Quest state filter: 1 and 2". */
export const QUEST_STATE_FILTER: readonly number[] = [1, 2]
