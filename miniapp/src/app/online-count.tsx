import { useState } from 'react'

import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'

/** What `global:online` publishes when the number of connected players changes. */
interface OnlinePublication {
  online?: unknown
}

const GLOBAL_ONLINE_CHANNEL = 'global:online'

/** "N players online", from `global:online` (signed-in players are connected); nothing until a count arrives. */
export function OnlineCount() {
  const { state } = useSession()
  const [online, setOnline] = useState<number>()
  useChannel(state.status === 'loggedIn' ? GLOBAL_ONLINE_CHANNEL : undefined, (data) => {
    const count = (data as OnlinePublication).online
    if (typeof count === 'number' && Number.isFinite(count)) setOnline(count)
  })
  if (online === undefined || state.status !== 'loggedIn') return null
  return (
    <p className="flex items-center justify-center gap-2 text-xs text-hint">
      <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
      {t('{count} players online', { count: new Intl.NumberFormat(LOCALE_TAGS[currentLocale()]).format(online) })}
    </p>
  )
}
