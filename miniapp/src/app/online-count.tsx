import { useState } from 'react'

import { useChannel } from '@/lib/realtime'
import { useNearViewportOnce } from '@/lib/near-viewport'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'

/** What `global:online` publishes when the number of connected players changes. */
interface OnlinePublication {
  online?: unknown
}

const GLOBAL_ONLINE_CHANNEL = 'global:online'

/**
 * "N players online", from `global:online`, for guests and players alike; nothing until a count arrives.
 * It sits in the footer, so it listens once it comes near the screen: a guest's home page opens no
 * connection (nor loads its client) before the visitor scrolls towards it.
 */
export function OnlineCount() {
  const [ref, near] = useNearViewportOnce<HTMLDivElement>()
  const [online, setOnline] = useState<number>()
  useChannel(near ? GLOBAL_ONLINE_CHANNEL : undefined, (data) => {
    const count = (data as OnlinePublication).online
    if (typeof count === 'number' && Number.isFinite(count)) setOnline(count)
  })
  return (
    <div ref={ref}>
      {online === undefined ? null : (
        <p className="flex items-center justify-center gap-2 text-xs text-hint">
          <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
          {t('{count} players online', { count: new Intl.NumberFormat(LOCALE_TAGS[currentLocale()]).format(online) })}
        </p>
      )}
    </div>
  )
}
