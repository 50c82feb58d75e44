import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'

import { LEVEL_UP_NOTICE_MS } from '@/config/constants'
import { loyaltyAccountQueryOptions } from '@/features/loyalty/api/get-account'
import { isLevelUp, type LoyaltyAccount } from '@/features/loyalty/progress'
import { AboveFullscreen } from '@/lib/fullscreen'
import { t } from '@/lib/i18n'
import { haptic } from '@/lib/native'
import { writePublication } from '@/lib/live-cache'
import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'

const loyaltyChannel = (playerId: number) => `retention:accounts#${String(playerId)}`

export interface LiveLoyaltyProps {
  /** Whether a game page is on screen: a level-up there is a 3-second in-page notice, not a modal. */
  onGamePage: () => boolean
  /** Opens the `loyaltyLevel` modal with the new level's name. */
  openLevelModal: (level: string) => void
}

/**
 * Loyalty after login (spec section 4): the account loads, and `retention:accounts#` publications (the
 * account itself) replace it. A higher level order than the one held shows the level-up: on a game page
 * an in-page notice for 3 seconds, elsewhere the `loyaltyLevel` modal; Telegram answers with a haptic.
 */
export default function LiveLoyalty({ onGamePage, openLevelModal }: LiveLoyaltyProps) {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const playerId = state.status === 'loggedIn' ? state.profileId : undefined
  const [notice, setNotice] = useState<string>()
  /**
   * The account as last known: every answer of the account query, then every publication. The level-up
   * compares with this, not with the query cache, which drops the account 5 minutes after the
   * after-login load while no loyalty card is on screen: the level reached by the first spin after
   * that had nothing to compare with and went unannounced.
   */
  const known = useRef<LoyaltyAccount | undefined>(undefined)
  const latest = useRef({ onGamePage, openLevelModal })
  useEffect(() => {
    latest.current = { onGamePage, openLevelModal }
  })

  useEffect(() => {
    if (playerId === undefined) return
    known.current = undefined
    const accountHash = hashKey(loyaltyAccountQueryOptions().queryKey)
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === accountHash) {
        known.current = event.query.state.data as LoyaltyAccount
      }
    })
    queryClient
      .query(loyaltyAccountQueryOptions())
      .then((account) => {
        // An account already cached (and fresh) answers without a fetch, so without an event above.
        known.current ??= account
      })
      .catch((error: unknown) => {
        console.error('[loyalty] after-login load failed', error)
      })
    return unsubscribe
  }, [playerId, queryClient])

  useEffect(() => {
    if (notice === undefined) return
    const timer = setTimeout(() => {
      setNotice(undefined)
    }, LEVEL_UP_NOTICE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [notice])

  const onAccount = (data: unknown) => {
    const account = data as LoyaltyAccount | null
    if (typeof account?.points !== 'number') return
    const before = known.current
    known.current = account
    writePublication(queryClient, loyaltyAccountQueryOptions().queryKey, () => account)
    const level = account.currentLevel?.name
    if (!level || !isLevelUp(before, account)) return
    haptic('success')
    if (latest.current.onGamePage()) setNotice(level)
    else latest.current.openLevelModal(level)
  }
  useChannel(playerId === undefined ? undefined : loyaltyChannel(playerId), onAccount, () => {
    void queryClient.invalidateQueries({ queryKey: loyaltyAccountQueryOptions().queryKey })
  })

  if (notice === undefined) return null
  // Over the game's stage when it is in full screen, where a notice beside it would not show.
  return (
    <AboveFullscreen>
      <div className="pointer-events-none fixed inset-x-3 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-[960] mx-auto max-w-sm">
        <p
          role="status"
          className="rounded-2xl bg-button px-4 py-3 text-center text-sm font-bold text-button-fg shadow-2xl motion-safe:animate-[toast-in_200ms_ease-out]"
        >
          {t('Level up! You reached {level}.', { level: notice })}
        </p>
      </div>
    </AboveFullscreen>
  )
}
