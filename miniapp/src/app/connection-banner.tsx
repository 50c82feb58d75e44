import { onlineManager } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'

import { useRealtimeState } from '@/lib/realtime'
import { useSession } from '@/lib/session'
import { t } from '@/lib/i18n'

/** A dropped live connection is only worth a banner when it stays down a moment (reconnects are quick). */
const REALTIME_GRACE_MS = 3000

/** A small banner while the device is offline, or a signed-in player's live updates are down; it goes by itself. */
export function ConnectionBanner() {
  const online = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  )
  const realtime = useRealtimeState()
  const { state } = useSession()
  const liveDown = state.status === 'loggedIn' && realtime === 'connecting'
  const [liveDownLong, setLiveDownLong] = useState(false)

  useEffect(() => {
    if (!liveDown) return
    const timer = setTimeout(() => {
      setLiveDownLong(true)
    }, REALTIME_GRACE_MS)
    return () => {
      clearTimeout(timer)
      setLiveDownLong(false)
    }
  }, [liveDown])

  const message = !online
    ? t('You are offline. We will reconnect as soon as your connection is back.')
    : liveDown && liveDownLong
      ? t('Live updates paused. Reconnecting…')
      : undefined
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-[env(safe-area-inset-top)] z-[960] flex justify-center">
      {message ? (
        <p className="mt-2 rounded-full bg-section px-4 py-2 text-xs font-semibold text-fg shadow-lg">{message}</p>
      ) : null}
    </div>
  )
}
