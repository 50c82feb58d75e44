/**
 * Which game addresses the game page frames. The platform answers either its sandbox provider's page
 * on this origin (`/api/sandbox/games/{token}`) or a provider's page elsewhere; a page elsewhere must
 * be https, so nothing on the way can read or change the game session. Anything else is refused, and
 * the client never adds the player's session token to a game address: the address is used as issued.
 */
const SANDBOX_GAME_PATH = '/api/sandbox/games/'

export function safeGameUrl(raw: string, origin: string = window.location.origin): string | undefined {
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return undefined
  }
  if (url.username !== '' || url.password !== '') return undefined
  if (url.origin === origin) return url.pathname.startsWith(SANDBOX_GAME_PATH) ? url.href : undefined
  return url.protocol === 'https:' ? url.href : undefined
}

/**
 * The frame's sandbox: scripts, and the game's own origin (the sandbox slot calls its origin's spin
 * endpoint; a provider's game keeps its state in its storage). No forms, pop-ups, top navigation,
 * downloads or modals: the sandbox slot needs none, and the game page has its own "Close game".
 */
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-same-origin'

/** Powerful features the frame may never use; full screen is the game page's, around the frame. */
export const GAME_FRAME_ALLOW =
  "camera 'none'; microphone 'none'; geolocation 'none'; payment 'none'; usb 'none'; clipboard-read 'none'; clipboard-write 'none'; display-capture 'none'"
