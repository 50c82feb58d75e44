import { REFRESH_LOCK_POLL_ATTEMPTS, REFRESH_LOCK_POLL_MS } from '@/config/constants'

/** Set in local storage while some tab refreshes the session token. */
export const REFRESH_LOCK_KEY = 'refreshSessionLock'

export interface RefreshLockOptions {
  /** Exchanges the current token for a new one and stores it; rejects when the session cannot go on. */
  refresh: () => Promise<string>
  /** The token in storage now, if it is still good: what another tab's refresh left behind. */
  freshStoredToken: () => string | undefined
  storage?: Storage
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms)
  })

/**
 * One refresh at a time across calls and tabs. Calls in this tab share the refresh under way. While
 * another tab holds the marker, this one polls every 500 ms, up to 10 times, and takes the token that
 * tab stored; a marker still there after that is left over from a tab that died, so this tab refreshes.
 */
export function createRefreshLock({ refresh, freshStoredToken, storage = localStorage }: RefreshLockOptions) {
  let inFlight: Promise<string> | undefined

  async function waitForOtherTab(): Promise<string | undefined> {
    for (let attempt = 0; attempt < REFRESH_LOCK_POLL_ATTEMPTS; attempt += 1) {
      await sleep(REFRESH_LOCK_POLL_MS)
      if (storage.getItem(REFRESH_LOCK_KEY) === null) {
        const token = freshStoredToken()
        if (token === undefined) throw new Error('The session ended while another tab refreshed it.')
        return token
      }
    }
    return undefined
  }

  async function run(): Promise<string> {
    if (storage.getItem(REFRESH_LOCK_KEY) !== null) {
      const token = await waitForOtherTab()
      if (token !== undefined) return token
    }
    storage.setItem(REFRESH_LOCK_KEY, String(Date.now()))
    try {
      return await refresh()
    } finally {
      storage.removeItem(REFRESH_LOCK_KEY)
    }
  }

  return function refreshOnce(): Promise<string> {
    inFlight ??= run().finally(() => {
      inFlight = undefined
    })
    return inFlight
  }
}
