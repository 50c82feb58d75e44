import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { useCloseOtherSessions } from '@/features/profile/api/close-sessions'
import { type PlayerSession, useSessions } from '@/features/profile/api/get-sessions'
import { ProfilePageFrame, ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import { useConfirm } from '@/lib/confirmations'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** A device in words: the browser or app it runs, where it signed in from. */
function describeDevice(session: Pick<PlayerSession, 'userAgent' | 'platform'>): string {
  const agent = session.userAgent ?? ''
  const browser = /Telegram/i.test(agent)
    ? 'Telegram'
    : agent.includes('Edg/')
      ? 'Edge'
      : agent.includes('Firefox/')
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(agent)
          ? 'Chrome'
          : agent.includes('Safari/')
            ? 'Safari'
            : undefined
  const system = /Android/i.test(agent)
    ? 'Android'
    : /iPhone|iPad|iOS/i.test(agent)
      ? 'iOS'
      : /Windows/i.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(agent)
          ? 'macOS'
          : /Linux/i.test(agent)
            ? 'Linux'
            : undefined
  const parts = [session.platform === 'tg' ? 'Telegram' : browser, system].filter((part, index, all) => part && all.indexOf(part) === index)
  return parts.length > 0 ? parts.join(' · ') : t('Unknown device')
}

/** `/profile/sessions`: every device signed in to the account; any but this one can be signed out. */
export function SessionsPage() {
  const sessions = useSessions()
  const closeOthers = useCloseOtherSessions()
  const modals = useModals()
  const confirm = useConfirm()
  const list = sessions.data?.pages.flatMap((page) => page.data) ?? []
  const others = list.filter((session) => !session.isCurrent).length

  const signOutOthers = async () => {
    const confirmed = await confirm({
      title: t('Sign out everywhere else?'),
      message: t('Every other device will need to sign in again.'),
      confirmLabel: t('Sign out other devices'),
      destructive: true,
    })
    if (!confirmed) return
    closeOthers.mutate(undefined, {
      onSuccess: ({ closed }) => {
        haptic('success')
        showToast({ title: t('Signed out of {count} devices', { count: String(closed) }), tone: 'success' })
      },
      onError: (error) => {
        haptic('error')
        showToast({ title: failureMessage(error), tone: 'error' })
      },
    })
  }

  let body
  if (sessions.isError && !sessions.data) body = <LoadError title={t('Your sessions did not load')} onRetry={() => void sessions.refetch()} />
  else if (!sessions.data) body = <ProfileSkeleton />
  else if (list.length === 0) body = <StateMessage title={t('No open sessions')} description={t('Devices you sign in on show here.')} />
  else
    body = (
      <>
        <ul className="flex flex-col gap-2" aria-label={t('Signed-in devices')}>
          {list.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-2xl bg-surface px-4 py-3">
              <div className="flex min-w-0 flex-1 flex-col">
                <p className="text-sm font-semibold text-fg">
                  {describeDevice(session)}
                  {session.isCurrent ? <span className="ml-2 rounded-full border border-current px-2 py-0.5 text-xs text-positive">{t('This device')}</span> : null}
                </p>
                <p className="text-xs text-hint">
                  {[session.ip, t('Last active {when}', { when: new Date(session.lastSeenAt).toLocaleString() })].filter(Boolean).join(' · ')}
                </p>
              </div>
              {session.isCurrent ? null : (
                <Button variant="secondary" onClick={() => void modals.open('confirm-session-logout', session.id)}>
                  {t('Sign out')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {sessions.hasNextPage ? (
          <Button variant="secondary" disabled={sessions.isFetchingNextPage} onClick={() => void sessions.fetchNextPage()}>
            {t('Show more')}
          </Button>
        ) : null}
        {others > 0 ? (
          <Button variant="secondary" disabled={closeOthers.isPending} onClick={() => void signOutOthers()}>
            {t('Sign out other devices')}
          </Button>
        ) : null}
      </>
    )
  return <ProfilePageFrame title={t('Sessions')}>{body}</ProfilePageFrame>
}
