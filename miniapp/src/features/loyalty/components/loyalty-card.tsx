import { Button } from '@/components/ui/button'
import { useLoyaltyAccount } from '@/features/loyalty/api/get-account'
import { useLevels } from '@/features/loyalty/api/get-levels'
import { LevelRing } from '@/features/loyalty/components/level-ring'
import { levelProgressPercent } from '@/features/loyalty/progress'
import { t } from '@/lib/i18n'
import { useSession } from '@/lib/session'

/**
 * The player's loyalty: level, points, the ring to the next level (0 without an account), and the
 * ladder of levels (public, so a guest sees what there is to reach).
 */
export function LoyaltyCard() {
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const account = useLoyaltyAccount(signedIn)
  const levels = useLevels()
  const current = account.data?.currentLevel
  const next = account.data?.nextLevel

  let summary
  if (!signedIn) summary = <p className="text-sm text-hint">{t('Sign in and play to earn points and climb the levels.')}</p>
  else if (account.isError)
    summary = (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        {t('Your level did not load.')}
        <Button variant="secondary" onClick={() => void account.refetch()}>
          {t('Retry')}
        </Button>
      </p>
    )
  else if (!account.data) summary = <div aria-hidden="true" className="skeleton h-16 flex-1 rounded-xl" />
  else
    summary = (
      <div className="flex flex-col gap-1 text-sm">
        <p className="text-lg font-bold text-fg" data-testid="loyalty-level">
          {current?.name ?? t('No level yet')}
        </p>
        <p className="text-hint tabular-nums">{t('{points} points', { points: account.data.points })}</p>
        <p className="text-hint">
          {next
            ? t('{left} points to {level}', { left: Math.max(0, next.points - account.data.points), level: next.name })
            : t('You hold the top level.')}
        </p>
      </div>
    )

  return (
    <section aria-label={t('Loyalty')} className="flex flex-col gap-3 rounded-2xl bg-section p-4">
      <h2 className="text-lg font-bold text-fg">{t('Loyalty')}</h2>
      <div className="flex items-center gap-4">
        <LevelRing percent={levelProgressPercent(signedIn ? account.data : undefined)} size={96} />
        {summary}
      </div>
      {levels.isError ? null : !levels.data ? (
        <div aria-hidden="true" className="skeleton h-8 rounded-xl" />
      ) : (
        <ol aria-label={t('Levels')} className="flex flex-wrap gap-2 text-xs">
          {levels.data.map((level) => {
            const held = current !== undefined && current !== null && level.order <= current.order
            return (
              <li
                key={level.order}
                className={`rounded-full px-3 py-1 ${held ? 'bg-button font-semibold text-button-fg' : 'bg-surface text-fg'}`}
              >
                {level.name} · {t('{points} points', { points: level.points })}
                {current?.order === level.order ? <span className="sr-only"> {t('(your level)')}</span> : null}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
