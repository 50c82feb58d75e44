/**
 * The link that invites a friend. With the bot's address configured, a `t.me` link whose start
 * parameter the bot already reads (`/start ref_{id}`, passed on to the Mini App's login); without
 * one (a web-only deployment), this site with `ref_id`, which the launch reads the same way.
 */
export function referralLink(startParam: string, botUrl: string | undefined, origin: string): string {
  if (botUrl) {
    const url = new URL(botUrl)
    url.searchParams.set('start', startParam)
    return url.toString()
  }
  const url = new URL('/', origin)
  url.searchParams.set('ref_id', startParam.replace(/^ref_/, ''))
  return url.toString()
}
