import { t } from '@/lib/i18n'
import { formatTimeLeft, useSecondsUntil } from '@/lib/time-left'

/** "Ends in 2d 5h", ticking; "Expired" once it has run out. */
export function TimeLeft({ at }: { at: string | null | undefined }) {
  const left = useSecondsUntil(at)
  if (left === undefined) return null
  return (
    <span className="text-xs text-hint tabular-nums">
      {left === 0 ? t('Expired') : t('Ends in {time}', { time: formatTimeLeft(left) })}
    </span>
  )
}
