import { Button } from '@/components/ui/button'
import { NoticeModal } from '@/components/notice-modal'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

/** The game has no demo: a guest may sign in to play it for real. */
export default function DemoUnavailableModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const signedIn = useSession().state.status === 'loggedIn'
  return (
    <NoticeModal
      modal="demo-unavailable"
      title={t('No demo for this game')}
      zIndex={zIndex}
      action={signedIn ? undefined : <Button onClick={() => void modals.open('sign-in')} className="w-full">{t('Sign in')}</Button>}
    >
      <p>{t('This game can only be played for real money.')}</p>
      <p>{signedIn ? t('Choose Play for real to start it.') : t('Sign in to play it, or pick another game to try in demo mode.')}</p>
    </NoticeModal>
  )
}
