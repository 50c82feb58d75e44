import { prepareTelegramMessage } from '@/features/referral/api/prepare-telegram-message'
import { nativeBridge } from '@/lib/native'
import { type ShareOutcome, shareLink } from '@/lib/share'

/** How an invitation went out: the bot's prepared card, the bot's inline answer, or the plain link. */
type InviteSharePath = 'prepared-message' | 'inline-query' | 'link'

/** What sharing needs of the host and the platform; the page passes `inviteShareHost`. */
export interface InviteShareHost {
  canShareMessage: () => boolean
  /** The prepared message's id; rejects where the bot cannot prepare one. */
  prepare: () => Promise<string>
  shareMessage: (preparedId: string) => Promise<boolean>
  switchInlineQuery: (query: string) => boolean
  shareLink: (url: string, text: string) => Promise<ShareOutcome>
}

const inviteShareHost: InviteShareHost = {
  canShareMessage: () => nativeBridge()?.shareMessage !== undefined,
  prepare: async () => (await prepareTelegramMessage()).id,
  shareMessage: async (preparedId) => (await nativeBridge()?.shareMessage?.(preparedId)) ?? false,
  switchInlineQuery: (query) => nativeBridge()?.switchInlineQuery?.(query) ?? false,
  shareLink,
}

/**
 * Shares the player's invitation through Telegram itself where it can: the card the bot prepared for
 * them (`shareMessage`, Telegram 8.0+), else the chat picker with `@<bot> <startParam>`, which the bot
 * answers with the same card (`switchInlineQuery`, where the bot has inline mode), else the link
 * (Telegram's share sheet, the browser's, or the clipboard). A dialog the player closes counts as
 * shared: offering another way at once would only repeat the question.
 */
export async function shareInvite(
  invite: { link: string; text: string; startParam: string },
  host: InviteShareHost = inviteShareHost,
): Promise<{ path: InviteSharePath; outcome: ShareOutcome }> {
  if (host.canShareMessage()) {
    const preparedId = await host.prepare().catch((error: unknown) => {
      console.warn('[referral] the bot did not prepare the invitation; sharing another way', error)
      return undefined
    })
    if (preparedId !== undefined) {
      await host.shareMessage(preparedId)
      return { path: 'prepared-message', outcome: 'shared' }
    }
  }
  if (host.switchInlineQuery(invite.startParam)) return { path: 'inline-query', outcome: 'shared' }
  return { path: 'link', outcome: await host.shareLink(invite.link, invite.text) }
}
