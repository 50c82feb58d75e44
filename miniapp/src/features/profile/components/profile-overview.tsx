import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Button, buttonClassName } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { useAvatars } from '@/features/profile/api/avatars'
import { useProfile } from '@/features/profile/api/get-profile'
import { ProfilePageFrame, ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import { displayName } from '@/features/profile/display-name'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

/** `/profile/info`: who the player is to the casino: name, picture, ids, and how each contact stands. */
export function ProfileOverview() {
  const profile = useProfile()
  const avatars = useAvatars()
  const modals = useModals()
  if (profile.isError) return <LoadError title={t('Your profile did not load')} onRetry={() => void profile.refetch()} />
  if (!profile.data)
    return (
      <ProfilePageFrame title={t('Overview')}>
        <ProfileSkeleton />
      </ProfilePageFrame>
    )
  const player = profile.data
  const name = displayName(player)
  const avatar = avatars.data?.find((candidate) => candidate.id === player.avatarId)
  return (
    <ProfilePageFrame title={t('Overview')}>
      <div className="flex items-center gap-4 rounded-2xl bg-surface p-4">
        <button
          type="button"
          onClick={() => void modals.open('avatars')}
          aria-label={t('Change picture')}
          className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-full bg-surface text-2xl font-bold text-fg uppercase"
        >
          {avatar ? <img src={avatar.url} alt="" width={64} height={64} className="size-full object-cover" /> : <span aria-hidden="true">{name.slice(0, 1)}</span>}
        </button>
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="truncate text-lg font-bold text-fg" data-testid="profile-name">
            {name}
          </p>
          <p className="text-sm text-hint">{t('Player ID {id}', { id: String(player.id) })}</p>
          {player.tgUserId == null ? null : <p className="text-sm text-hint">{t('Telegram ID {id}', { id: String(player.tgUserId) })}</p>}
        </div>
      </div>
      <ul className="flex flex-col gap-2" aria-label={t('Your contacts')}>
        <Fact
          label={t('Identity')}
          value={
            {
              none: t('Not verified'),
              pending: t('Under review'),
              approved: t('Verified'),
              rejected: t('Not accepted'),
            }[player.verificationStatus]
          }
          action={
            <Link to="/profile/verification" className={buttonClassName('secondary')}>
              {player.verificationStatus === 'approved' ? t('Details') : t('Verify')}
            </Link>
          }
        />
        <Fact
          label={t('Nickname')}
          value={player.nickname ?? t('Not set')}
          action={
            <Button variant="secondary" onClick={() => void modals.open('change-nickname')}>
              {player.nickname ? t('Change') : t('Choose')}
            </Button>
          }
        />
        <Fact
          label={t('E-mail')}
          value={player.email ?? t('Not added')}
          state={player.email ? <Verification verified={player.isEmailVerified} /> : null}
          action={
            <>
              {/* An address waiting for its code can be confirmed, or replaced (a typo must not lock the player out). */}
              {player.email && !player.isEmailVerified ? <Button onClick={() => void modals.open('confirm-email')}>{t('Confirm')}</Button> : null}
              <Button variant="secondary" onClick={() => void modals.open('email')}>
                {player.email ? t('Change') : t('Add')}
              </Button>
            </>
          }
        />
        <Fact
          label={t('Phone number')}
          value={player.phone ?? t('Not added')}
          state={player.phone ? <Verification verified={player.isPhoneVerified} /> : null}
          action={
            <Button variant="secondary" onClick={() => void modals.open('phone')}>
              {player.phone ? t('Change') : t('Add')}
            </Button>
          }
        />
      </ul>
    </ProfilePageFrame>
  )
}

function Fact({ label, value, state, action }: { label: string; value: string; state?: ReactNode; action: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl bg-surface px-4 py-3">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs text-hint">{label}</span>
        <span className="flex flex-wrap items-center gap-2 text-sm font-semibold break-all text-fg">
          {value}
          {state}
        </span>
      </div>
      {action}
    </li>
  )
}

/** Verified or not, in words and a mark (never colour alone). */
function Verification({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="rounded-full border border-current px-2 py-0.5 text-xs font-semibold text-positive">✓ {t('Verified')}</span>
  ) : (
    <span className="rounded-full border border-current px-2 py-0.5 text-xs font-semibold text-accent">! {t('Not verified')}</span>
  )
}
