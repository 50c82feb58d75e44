import { useNavigate } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useProfile } from '@/features/profile/api/get-profile'
import { displayName } from '@/features/profile/display-name'
import { useConfirm } from '@/lib/confirmations'
import { t } from '@/lib/i18n'
import { useLaunch } from '@/lib/launch'
import { modalZIndex } from '@/lib/modals'
import { useSession } from '@/lib/session'
import { usePanel } from '@/lib/use-panel'

/** The avatar; a tap opens the player's panel with Sign out (in Telegram the messenger's account is the sign-in). */
export function UserMenu() {
  const { data: profile } = useProfile()
  const { logout } = useSession()
  const launch = useLaunch()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const [open, setOpen] = usePanel()
  const name = displayName(profile)
  const signOut = async () => {
    setOpen(false)
    const confirmed = await confirm({
      title: t('Sign out?'),
      message: t('You will need to sign in again to play.'),
      confirmLabel: t('Sign out'),
      destructive: true,
    })
    if (!confirmed) return
    logout()
    // After logout the player goes home (spec section 2).
    void navigate({ to: '/', search: {} })
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true)
        }}
        aria-haspopup="dialog"
        aria-label={t('Account menu')}
        className="grid size-11 place-items-center rounded-full bg-section text-sm font-bold text-fg uppercase"
      >
        <span aria-hidden="true">{name.slice(0, 1)}</span>
      </button>
      {open ? (
        <Dialog
          title={name}
          {...(profile?.email ? { description: profile.email } : {})}
          variant="sheet"
          zIndex={modalZIndex(0)}
          onClose={() => {
            setOpen(false)
          }}
        >
          {launch.mode === 'telegram' ? (
            <p className="text-sm text-hint">{t('Signed in with Telegram.')}</p>
          ) : (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => void signOut()}
            >
              {t('Sign out')}
            </Button>
          )}
        </Dialog>
      ) : null}
    </>
  )
}
