/** Below the header's mobile breakpoint (spec section 9: 528 px) the app lays out for a phone. */
const PHONE_QUERY = '(max-width: 527px)'

/** Whether the viewport is a phone's now: a running game fills it, the play calls say platform 1 (mobile). */
export function isPhoneViewport(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches
}
