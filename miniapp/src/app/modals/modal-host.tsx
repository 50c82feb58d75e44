import { useLocation } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'

import { appSurfacesModals } from '@/features/app-surfaces/modals'
import { authModals } from '@/features/auth/modals'
import { bonusesModals } from '@/features/bonuses/modals'
import { gamesModals } from '@/features/games/modals'
import { limitsModals } from '@/features/limits/modals'
import { loyaltyModals } from '@/features/loyalty/modals'
import { profileModals } from '@/features/profile/modals'
import { questsModals } from '@/features/quests/modals'
import { referralModals } from '@/features/referral/modals'
import { walletModals } from '@/features/wallet/modals'
import { isAskedConfirmation } from '@/lib/confirmations'
import { useLaunch, useMessengerSignInPending } from '@/lib/launch'
import { useSession } from '@/lib/session'
import { canOpenModal, type ModalKey, type ModalMap, modalZIndex, openModals, useModals } from '@/lib/modals'

/** The app's own modal: the generic confirm dialog behind `useConfirm`. */
const appModals = {
  confirm: lazy(() => import('@/app/modals/confirm-modal')),
} satisfies ModalMap

/**
 * The modals this build can show: each feature's map, merged (`cookie-request` is the cookie popup of
 * the layout, not a dialog). Every other key of the registry has its dialog here.
 */
const implementations: ModalMap = { ...appModals, ...appSurfacesModals, ...authModals, ...gamesModals, ...walletModals, ...bonusesModals, ...loyaltyModals, ...questsModals, ...referralModals, ...profileModals, ...limitsModals }

/** Shows the modals the URL query opens, stacked from z-index 1000 in steps of 2; drops those the viewer may not see. */
export function ModalHost() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> })
  const { state } = useSession()
  const modals = useModals()
  const settled = state.status !== 'restoring'
  // While a Telegram launch is still signing the player in, a signed-in modal it opened (`startapp=wallet`)
  // waits in the address instead of being refused.
  const signInPending = useMessengerSignInPending(useLaunch()) && state.status !== 'loggedIn'
  const viewer = { signedIn: state.status === 'loggedIn' }
  const open = openModals(search)
  // The questions `useConfirm` asks (sign out, end a session, a setting) share the `confirm` key with the
  // profile confirmation; turning the profile-confirmed feature off must not leave them unanswered.
  const blocked = open
    .filter(([key, value]) => !canOpenModal(key, viewer, key === 'confirm' && isAskedConfirmation(value)))
    .map(([key]) => key)
  const refused = settled && !signInPending ? blocked : []
  const refusedKey = refused.join(',')

  useEffect(() => {
    const first = refusedKey.split(',')[0]
    if (first) void modals.close(first as ModalKey, { replace: true })
  }, [refusedKey, modals])

  if (!settled) return null
  return (
    <>
      {open
        .filter(([key]) => !blocked.includes(key))
        .map(([key, value], depth) => {
          const Modal = implementations[key]
          return Modal ? (
            <Suspense key={key} fallback={null}>
              <Modal value={value} zIndex={modalZIndex(depth)} />
            </Suspense>
          ) : null
        })}
    </>
  )
}
