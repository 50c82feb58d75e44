// Business constants from the client spec (section 9), named as the spec names them.

/** "Request timeout: 10 seconds". */
export const REQUEST_TIMEOUT_MS = 10_000

/** "Request time-out warning: 2000 ms". */
export const REQUEST_TIMEOUT_WARNING_MS = 2000

/** "Settings cache: 15 minutes". */
export const SETTINGS_CACHE_MS = 15 * 60 * 1000
