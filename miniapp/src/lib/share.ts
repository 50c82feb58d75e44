import { haptic, shareNativeLink } from '@/lib/native'
import { type StartTarget, startParamFor, startPath } from '@/lib/start-param'

/**
 * The link that opens `target` for whoever it is sent to. With the bot's address configured
 * (`https://t.me/<bot>`, or `https://t.me/<bot>/<app>` for a named Mini App), a `t.me` link whose
 * `startapp` Telegram hands the Mini App (the bot's Main Mini App when no app is named), with the
 * sharer's referral when it fits; without one (a web-only deployment), this site's address of the screen
 * with the referral as `ref_id`.
 */
export function screenLink(target: StartTarget, { botUrl, origin, refId }: { botUrl: string | undefined; origin: string; refId?: string | undefined }): string {
  const startParam = (refId === undefined ? undefined : startParamFor(target, refId)) ?? startParamFor(target)
  if (botUrl && startParam !== undefined) {
    const url = new URL(botUrl)
    url.search = ''
    url.searchParams.set('startapp', startParam)
    return url.toString()
  }
  const url = new URL(startPath(target), origin)
  if (refId !== undefined) url.searchParams.set('ref_id', refId)
  return url.toString()
}

export type ShareOutcome = 'shared' | 'copied' | 'failed'

/**
 * Shares a link: Telegram's share sheet inside Telegram, else the browser's Web Share, else the link goes
 * to the clipboard. A share the player cancels counts as shared (there is nothing to fall back to).
 */
export async function shareLink(url: string, text: string): Promise<ShareOutcome> {
  if (shareNativeLink(url, text)) return 'shared'
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, text })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared'
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    haptic('success')
    return 'copied'
  } catch {
    return 'failed'
  }
}
