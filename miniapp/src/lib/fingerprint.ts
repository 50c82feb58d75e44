/**
 * The device fingerprint the sign-in and sign-up calls carry for fraud checks (spec section 7:
 * `fingerprint` on register, sessions and social sign-in; `frogoFingerprint` on `tg_login`), made by
 * FingerprintJS (open source, MIT) in a chunk of its own that loads only when a sign-in is near.
 *
 * It never holds a sign-in up: `deviceFingerprint(budget)` waits at most `budget` ms and otherwise the
 * call goes without one. The library's "monitoring" (an anonymous statistics request to its makers'
 * CDN in 1 of 1000 loads: the spec's "fingerprint monitoring 1 in 1000") is off: it is a request to a
 * third party that tells players nothing, and the site's CSP would refuse it anyway.
 */

let computing: Promise<string | undefined> | undefined
let known: string | undefined

async function compute(): Promise<string | undefined> {
  try {
    const { load } = await import('@fingerprintjs/fingerprintjs')
    const agent = await load({ monitoring: false })
    known = (await agent.get()).visitorId
    return known
  } catch (error) {
    console.warn('[fingerprint] not available', error)
    return undefined
  }
}

/** Starts computing the fingerprint (a sign-in form opened, a Telegram launch): a later call finds it ready. */
export function warmDeviceFingerprint(): void {
  computing ??= compute()
}

/** The fingerprint if it is ready now, without starting it (a call at start-up must not wait or compete). */
export function readyDeviceFingerprint(): string | undefined {
  return known
}

/** The fingerprint, waiting at most `budgetMs` for it; undefined when it is not ready in time or cannot be made. */
export async function deviceFingerprint(budgetMs = 300): Promise<string | undefined> {
  warmDeviceFingerprint()
  if (known !== undefined) return known
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, budgetMs)
  })
  try {
    return await Promise.race([computing, late])
  } finally {
    clearTimeout(timer)
  }
}

/** `body` with the fingerprint (`fingerprint`) when it is ready within `budgetMs`. */
export async function withDeviceFingerprint<Body extends object>(body: Body, budgetMs = 300): Promise<Body & { fingerprint?: string }> {
  const fingerprint = await deviceFingerprint(budgetMs)
  return fingerprint === undefined ? body : { ...body, fingerprint }
}

const SECOND_FINGERPRINT_KEY = 'secondFingerprint'

/**
 * The second fingerprint (`secondFingerprint` of sign-in and both registrations): a random id this
 * browser keeps in local storage. The first one is computed from the browser's traits, so two identical
 * phones share it and a browser update can change it; this one tells such devices apart and stays. None
 * when storage is refused (private mode): an id made afresh at every sign-in would say nothing.
 */
function secondFingerprint(): string | undefined {
  try {
    const kept = window.localStorage.getItem(SECOND_FINGERPRINT_KEY)
    if (kept) return kept
    const made = crypto.randomUUID()
    window.localStorage.setItem(SECOND_FINGERPRINT_KEY, made)
    return made
  } catch {
    return undefined
  }
}

/** `body` with both fingerprints, where the platform's schema takes a second one (`withDeviceFingerprint`). */
export async function withDeviceFingerprints<Body extends object>(
  body: Body,
  budgetMs = 300,
): Promise<Body & { fingerprint?: string; secondFingerprint?: string }> {
  const second = secondFingerprint()
  const withFirst = await withDeviceFingerprint(body, budgetMs)
  return second === undefined ? withFirst : { ...withFirst, secondFingerprint: second }
}

/** For tests: forget what was computed. */
export function resetDeviceFingerprint(): void {
  computing = undefined
  known = undefined
}
