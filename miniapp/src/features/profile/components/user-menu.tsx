import { Link, useNavigate } from '@tanstack/react-router'

import { PanelButton } from '@/components/panel-button'
import { Button } from '@/components/ui/button'
import { useProfile } from '@/features/profile/api/get-profile'
import { displayName } from '@/features/profile/display-name'
import { useConfirm } from '@/lib/confirmations'
import { t } from '@/lib/i18n'
import { useLaunch } from '@/lib/launch'
import { useSession } from '@/lib/session'

const linkClassName = 'flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-fg hover:bg-section'

/**
 * The avatar; a tap opens the player's panel: the profile's pages and Sign out (in Telegram the messenger's
 * account is the sign-in, so there is none).
 */
export function UserMenu() {
  const { data: profile } = useProfile()
  const { logout } = useSession()
  const launch = useLaunch()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const name = displayName(profile)
  const signOut = async (closePanel: () => void) => {
    closePanel()
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
    <PanelButton
      label={t('Account menu')}
      className="grid size-11 place-items-center rounded-full bg-section text-sm font-bold text-fg uppercase"
      title={name}
      description={profile?.email ?? undefined}
      panel={(close) => (
        <div className="flex flex-col gap-3">
          <nav aria-label={t('Your account')}>
            <ul className="flex flex-col gap-1">
              {[
                { to: '/profile/info' as const, label: t('Profile') },
                { to: '/profile/personal' as const, label: t('Personal details') },
                { to: '/profile/sessions' as const, label: t('Sessions') },
                { to: '/profile/settings/account' as const, label: t('Account settings') },
              ].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={close} className={linkClassName}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {launch.mode === 'telegram' ? (
            <p className="text-sm text-hint">{t('Signed in with Telegram.')}</p>
          ) : (
            <Button variant="secondary" className="w-full" onClick={() => void signOut(close)}>
              {t('Sign out')}
            </Button>
          )}
        </div>
      )}
    >
      <span aria-hidden="true">{name.slice(0, 1)}</span>
    </PanelButton>
  )
}
