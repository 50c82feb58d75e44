import { Outlet } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import { StateMessage } from '@/components/ui/state-message'
import { t } from '@/lib/i18n'
import { useLaunch, useMessengerSignInPending } from '@/lib/launch'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

/**
 * The body of an area for signed-in players (the `auth` guard's routes): its pages render only once
 * the session is there, so their queries never go out without a token. While the session restores, or a
 * Telegram launch is still signing the player in, a skeleton holds the page; a player who is signed out
 * on the page (sign-out in another tab, a failed Telegram sign-in) is told what the page needs.
 */
export function SignedInOnly() {
  const { state } = useSession()
  const launch = useLaunch()
  const messengerSignInPending = useMessengerSignInPending(launch)
  const modals = useModals()

  if (state.status === 'loggedIn') return <Outlet />
  if (state.status === 'restoring' || messengerSignInPending) {
    return <SkeletonColumn busy status={t('Signing you in')} className="gap-3 px-4 py-4" blocks={['h-8 w-40 rounded-lg', 'h-28 rounded-xl', 'h-11 rounded-xl']} />
  }
  return (
    <StateMessage
      title={t('Sign in to see this page')}
      description={
        launch.mode === 'telegram'
          ? t('Close the app and open it again from the bot to sign in.')
          : t('This page shows your own account.')
      }
      action={launch.mode === 'telegram' ? undefined : <Button onClick={() => void modals.open('sign-in')}>{t('Sign in')}</Button>}
    />
  )
}
